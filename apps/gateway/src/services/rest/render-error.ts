import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from 'pino'
import { z } from 'zod'
import { ERRORS, RestError } from './errors.ts'
import type { RestEnv } from './rest-env.ts'

/** What the drivers (pg and PGlite) put on a PostgreSQL error. */
const PgError = z.object({
  code: z.string().regex(/^[0-9A-Z]{5}$/),
  message: z.string(),
  detail: z.string().nullish(),
  hint: z.string().nullish(),
})

/** PostgREST's SQLSTATE → HTTP mapping (supabase-protocol.md §3.8). */
export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    P0001: 400,
    '42P01': 404,
    '42883': 404,
    '42P17': 500,
    '57014': 500,
    '53400': 500,
    '23502': 400,
    '23514': 400,
  }
  if (exact[code]) return exact[code]
  if (code.startsWith('08') || code.startsWith('53')) return 503
  if (code.startsWith('XX') || code.startsWith('P0')) return 500
  return 400
}

/** The one error renderer of the REST service: PostgREST's `{code, details, hint, message}`. */
export function renderError(logger: Logger) {
  return (error: Error, c: Context<RestEnv>) => {
    if (error instanceof RestError) {
      return c.json(error.body(), error.status as ContentfulStatusCode, error.headers)
    }
    const pg = PgError.safeParse(error)
    if (pg.success) {
      const role = c.get('caller')?.role ?? 'anon'
      const status = statusForSqlState(pg.data.code, role)
      if (status >= 500) logger.error({ err: error }, 'database error in REST request')
      return c.json(
        {
          code: pg.data.code,
          details: pg.data.detail ?? null,
          hint: pg.data.hint ?? null,
          message: pg.data.message,
        },
        status as ContentfulStatusCode,
      )
    }
    // The database cannot be reached (connection refused or dropped): a retry can succeed, so 503
    // with Retry-After, which postgrest-js honours for reads (supabase-protocol.md §1.6).
    const system = z.object({ code: z.string().regex(/^E[A-Z]+$/) }).safeParse(error)
    if (system.success) {
      logger.error({ err: error }, 'database unreachable in REST request')
      const unavailable = ERRORS.DatabaseUnavailable(system.data.code)
      return c.json(unavailable.body(), 503, unavailable.headers)
    }
    logger.error({ err: error }, 'unexpected error in REST request')
    return c.json({ code: 'PGRST000', details: null, hint: null, message: 'Internal server error' }, 500)
  }
}
