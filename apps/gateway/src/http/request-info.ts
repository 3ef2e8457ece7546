import type { Context } from 'hono'
import type { RequestInfo } from '../database/request-scope.ts'

/** Headers that carry credentials: the claims reach the database as `request.jwt.claims` instead. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'apikey', 'cookie'])

/**
 * The request facts the database scope exposes to policies and functions as `request.headers`,
 * `request.method` and `request.path` (docs/protocol/README.md): lower-cased headers without the
 * credentials, the verb and the full path. The one definition every service uses.
 */
export function requestInfo(c: Context): RequestInfo {
  const headers: Record<string, string> = {}
  for (const [name, value] of c.req.raw.headers) {
    if (!CREDENTIAL_HEADERS.has(name)) headers[name] = value
  }
  return { headers, method: c.req.method, path: c.req.path }
}
