import type { Handler } from 'hono'
import { adminGetUserId } from './admin-user-id.ts'
import type { AuthServices } from './auth-services.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'
import { findUserById } from './users.ts'

/** GET /admin/users/:id/factors: the user's factors (an array, as the client expects). */
export function adminListUserFactors(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const user = await findUserById(deps.db, adminGetUserId(c))
    if (!user) throw ERRORS.UserNotFound()
    return c.json(user.json.factors ?? [])
  }
}
