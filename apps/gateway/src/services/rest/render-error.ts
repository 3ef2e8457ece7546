import type { Context, ErrorHandler } from 'hono'
import type { Logger } from 'pino'
import { z } from 'zod'
import { SessionEndedError } from '../../database/request-scope.ts'
import { isDatabaseUnavailable, serviceErrorHandler } from '../../http/service-error.ts'
import { ERRORS, RestError } from './errors.ts'
import type { RestEnv } from './rest-env.ts'

/** What the drivers (pg and PGlite) put on a PostgreSQL error. */
const PgError = z.object({
  code: z.string().regex(/^[0-9A-Z]{5}$/),
  message: z.string(),
  detail: z.string().nullish(),
  hint: z.string().nullish(),
})

/** PostgREST's SQLSTATE → HTTP mapping (docs/protocol/rest.md §3.8). */
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

/**
 * What a thrown error means in PostgREST's terms: a PostgreSQL error keeps its SQLSTATE, detail and
 * hint with PostgREST's status; an unreachable database is 503 with Retry-After, which postgrest-js
 * honours for reads (docs/protocol/rest.md); anything else is unexpected.
 */
export function translateRestError(error: Error, c: Context<RestEnv>): RestError | undefined {
  // A token whose session was signed out or revoked is as invalid as an expired one.
  if (error instanceof SessionEndedError) return ERRORS.InvalidToken(error.message, 'PGRST303')
  // Stopped, restarting or unreachable (a dead connection has no SQLSTATE, a shutdown is 57P01).
  if (isDatabaseUnavailable(error)) {
    const code = (error as { code?: unknown }).code
    return ERRORS.DatabaseUnavailable(typeof code === 'string' ? code : error.message)
  }
  const pg = PgError.safeParse(error)
  if (pg.success) {
    const role = c.get('caller')?.role ?? 'anon'
    return new RestError(
      statusForSqlState(pg.data.code, role),
      pg.data.code,
      pg.data.message,
      pg.data.detail ?? null,
      pg.data.hint ?? null,
    )
  }
  return undefined
}

/** The one error renderer of the REST service: PostgREST's `{code, details, hint, message}`. */
export function renderError(logger: Logger): ErrorHandler<RestEnv> {
  return serviceErrorHandler({
    logger,
    service: 'rest',
    internal: ERRORS.InternalError,
    translate: translateRestError,
  })
}
