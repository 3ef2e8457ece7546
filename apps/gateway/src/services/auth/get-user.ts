import type { Handler } from 'hono'
import type { AuthServices } from './auth-services.ts'
import { loadSessionUser, requireUserClaims } from './caller.ts'

/** GET /user: the signed-in user, while their session exists. */
export function getUser(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    const user = await loadSessionUser(deps.db, claims)
    return c.json(user.json)
  }
}
