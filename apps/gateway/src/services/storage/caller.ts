import type { Context, MiddlewareHandler } from 'hono'
import type { Caller, RequestInfo } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { resolveCaller } from '../../http/resolve-caller.ts'
import { ERRORS } from './errors.ts'

export interface StorageEnv {
  Variables: { caller: Caller }
}

/**
 * Who is asking, from the bearer token (supabase-protocol.md §4.1): storage is open without an
 * apikey (§1.2), a bad or expired JWT is refused (never downgraded to anon).
 */
export function bearerCaller(deps: Deps): MiddlewareHandler<StorageEnv> {
  return async (c, next) => {
    const result = await resolveCaller(
      { apikey: c.req.header('apikey'), authorization: c.req.header('authorization') },
      deps.keys,
      { requireApikey: false },
    )
    if (!result.ok) {
      const { problem } = result
      if (problem.kind === 'invalid_jwt' && problem.reason === 'malformed') throw ERRORS.InvalidJWT()
      if (problem.kind === 'invalid_jwt' && problem.reason === 'expired')
        throw ERRORS.AccessDenied('jwt expired')
      throw ERRORS.AccessDenied(problem.message)
    }
    c.set('caller', result.caller)
    await next()
  }
}

/** The request facts the database scope exposes to policies (§1.4). */
export function requestInfo(c: Context): RequestInfo {
  const headers: Record<string, string> = {}
  for (const [name, value] of c.req.raw.headers) {
    if (name !== 'authorization' && name !== 'apikey') headers[name] = value
  }
  return { headers, method: c.req.method, path: new URL(c.req.url).pathname }
}

/** The uploader recorded as `owner` (a uuid column) and `owner_id` (text): the JWT subject. */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
  return { owner: isUuid ? sub : null, ownerId: sub }
}
