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

/** Sets role and claims on an already open transaction. */
export async function setCaller(tx: Queryable, caller: Caller, request: RequestInfo = {}): Promise<void> {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : ''
  await tx.query(SCOPE_SQL, [
    caller.role,
    JSON.stringify(caller.claims),
    sub,
    JSON.stringify(request.headers ?? {}),
    request.method ?? '',
    request.path ?? '',
  ])
}
