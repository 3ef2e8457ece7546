import type { MiddlewareHandler } from 'hono'
import type { Caller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import type { CallerEnv } from '../../http/gateway-env.ts'
import { resolveCaller } from '../../http/resolve-caller.ts'
import { ERRORS } from './errors.ts'

/** Storage routes that act as the bearer carry the resolved caller. */
export type StorageEnv = CallerEnv

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

/** The uploader recorded as `owner` (a uuid column) and `owner_id` (text): the JWT subject. */
export function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === 'string' ? caller.claims.sub : null
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub)
  return { owner: isUuid ? sub : null, ownerId: sub }
}
