import type { Handler } from 'hono'
import { z } from 'zod'
import { adminGetUserId } from './admin-user-id.ts'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { requireServiceRole } from './caller.ts'
import { ERRORS } from './errors.ts'

/**
 * DELETE /admin/users/:id/factors/:factorId: the back office removes a factor, e.g. for an admin
 * who lost their phone. The user's sessions raised by it drop back to aal1.
 */
export function adminDeleteUserFactor(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    await requireServiceRole(c, deps)
    const userId = adminGetUserId(c)
    const factorId = z.uuid().safeParse(c.req.param('factorId'))
    if (!factorId.success) throw ERRORS.MfaFactorNotFound()
    const factor = await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{
        id: string
        friendly_name: string
        factor_type: string
        status: string
      }>(
        `delete from auth.mfa_factors where id = $1 and user_id = $2
         returning id, coalesce(friendly_name, '') as friendly_name, factor_type, status`,
        [factorId.data, userId],
      )
      if (!rows[0]) throw ERRORS.MfaFactorNotFound()
      await tx.query(
        `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
        [factorId.data],
      )
      await writeAudit(tx, {
        action: 'factor_unenrolled',
        actorId: null,
        actorUsername: 'service_role',
        logType: 'factor',
        ip: requestIp(c, services),
        traits: { user_id: userId, factor_id: factorId.data },
      })
      return rows[0]
    })
    return c.json(factor)
  }
}
