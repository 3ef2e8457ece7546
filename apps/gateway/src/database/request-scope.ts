import type { Database, Queryable } from './types.ts'

/** Who is asking: the database role to switch to and the JWT claims RLS reads. */
export interface Caller {
  role: string
  claims: Record<string, unknown>
}

export interface RequestInfo {
  /** Lower-cased header names. */
  headers?: Record<string, string>
  method?: string
  path?: string
}

export const ANON: Caller = { role: 'anon', claims: { role: 'anon' } }
export const SERVICE_ROLE: Caller = { role: 'service_role', claims: { role: 'service_role' } }

const SCOPE_SQL = `select
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true),
  set_config('request.jwt.claim.role', $1, true),
  set_config('request.headers', $4, true),
  set_config('request.method', $5, true),
  set_config('request.path', $6, true)`

// The same, plus whether the token's session still exists (migration 20261124100000): one round trip.
const SCOPE_AND_SESSION_SQL = `${SCOPE_SQL},
  private.session_is_live($7::uuid, $3) as live`

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The caller's token belongs to a session that was signed out, revoked (ban, password change) or
 * has passed its end: each service answers it as an invalid token (REST 401 PGRST303, storage 403;
 * realtime refuses the join). Its `code` is PostgreSQL's invalid_authorization_specification, so
 * code that only knows database errors treats it as a refusal, not a crash.
 */
export class SessionEndedError extends Error {
  readonly code = '28000'
  constructor() {
    super('Session from session_id claim in JWT does not exist')
    this.name = 'SessionEndedError'
  }
}

/**
 * Opens a transaction that runs as `caller` (docs/protocol/README.md §1.4): the role is switched and
 * the claims are set locally, so RLS policies decide what the statements inside may see and do.
 * The gateway says who is asking; it never filters rows itself.
 */
export function asCaller<T>(
  db: Database,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean; request?: RequestInfo } = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    await setCaller(tx, caller, options.request)
    return fn(tx)
  }, options)
}

/**
 * Sets role and claims on an already open transaction. A user token that names its session
 * (`session_id`, as every token GoTrue issues does) is checked in the same statement: when that
 * session no longer exists, SessionEndedError is thrown and the transaction is rolled back.
 */
export async function setCaller(tx: Queryable, caller: Caller, request: RequestInfo = {}): Promise<void> {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : ''
  const params = [
    caller.role,
    JSON.stringify(caller.claims),
    sub,
    JSON.stringify(request.headers ?? {}),
    request.method ?? '',
    request.path ?? '',
  ]
  const sessionId = caller.role === 'authenticated' ? caller.claims.session_id : undefined
  if (sessionId === undefined || sessionId === null) {
    // Nothing to check: on PGlite it goes with the request's first statement (decision 051).
    if (tx.defer) tx.defer(SCOPE_SQL, params)
    else await tx.query(SCOPE_SQL, params)
    return
  }
  if (typeof sessionId !== 'string' || !UUID.test(sessionId)) throw new SessionEndedError()
  const { rows } = await tx.query<{ live: boolean }>(SCOPE_AND_SESSION_SQL, [...params, sessionId])
  if (rows[0]?.live !== true) throw new SessionEndedError()
}
