import { createMiddleware } from 'hono/factory'
import { resolveCaller } from '../../http/resolve-caller.ts'
import type { Keys } from '../../keys.ts'
import { ERRORS } from './errors.ts'
import type { RestEnv } from './rest-env.ts'

/**
 * Who is asking (docs/protocol/README.md §1.2, §3.0): the apikey must be a project key; a bearer
 * token that fails verification is refused with PGRST301 (cannot be decoded or verified) or
 * PGRST303 (claims: expired, audience, role), never downgraded to anon.
 */
export function authenticateRequest(keys: Keys) {
  return createMiddleware<RestEnv>(async (c, next) => {
    const result = await resolveCaller(
      { apikey: c.req.header('apikey'), authorization: c.req.header('authorization') },
      keys,
    )
    if (!result.ok) {
      const { problem } = result
      if (problem.kind !== 'invalid_jwt') throw ERRORS.GatewayRefused(problem.message)
      const code = problem.reason === 'expired' || problem.reason === 'claims' ? 'PGRST303' : 'PGRST301'
      throw ERRORS.InvalidToken(problem.message, code)
    }
    c.set('caller', result.caller)
    await next()
  })
}
