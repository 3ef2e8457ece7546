import { cors } from 'hono/cors'

/** Headers the Supabase client must be able to read from browser JavaScript (protocol §1.5). */
export const EXPOSED_HEADERS = [
  'Content-Range',
  'Content-Type',
  'Content-Disposition',
  'Content-Length',
  'ETag',
  'Link',
  'Location',
  'Range-Unit',
  'Retry-After',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'x-relay-error',
  // The id a user can quote when something failed; the gateway's log lines carry the same one.
  'X-Request-Id',
  'x-sb-error-code',
  'sb-error-code',
]

export const ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-upsert',
  'cache-control',
  'content-encoding',
  'x-metadata',
  'x-retry-count',
  'x-supabase-api-version',
  'x-region',
  'traceparent',
  'tracestate',
  'baggage',
]

/** CORS for every service prefix: any origin (keys, not cookies, carry identity). */
export function supabaseCors() {
  return cors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ALLOWED_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 86400,
  })
}
