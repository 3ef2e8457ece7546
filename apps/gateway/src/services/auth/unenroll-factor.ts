import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { loadSessionUser, presentsSecondFactor, requireUserClaims } from './caller.ts'
import { ERRORS } from './errors.ts'

/**
 * DELETE /factors/:id. Removing a verified factor needs an aal2 session — otherwise a stolen
 * password alone could switch two-factor sign-in off (422 `insufficient_aal`, GoTrue's status for
 * this route). Sessions raised by it drop back to aal1.
 */
export function unenrollFactor(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    const factorId = z.uuid().safeParse(c.req.param('id'))
    if (!factorId.success) throw ERRORS.MfaFactorNotFound()
    const user = await loadSessionUser(deps.db, claims)
    await deps.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: string }>(
        `select status from auth.mfa_factors where id = $1 and user_id = $2 for update`,
        [factorId.data, user.id],
      )
      if (!rows[0]) throw ERRORS.MfaFactorNotFound()
      if (rows[0].status === 'verified' && !(await presentsSecondFactor(tx, claims))) {
        throw ERRORS.InsufficientAal(422, 'AAL2 required to unenroll verified factor')
      }
      await tx.query(
        `with d as (delete from auth.mfa_factors where id = $1)
         update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
        [factorId.data],
      )
      await writeAudit(tx, {
        action: 'factor_unenrolled',
        actorId: user.id,
        actorUsername: user.email,
        logType: 'factor',
        ip: requestIp(c, services),
        traits: { factor_id: factorId.data },
      })
    })
    return c.json({ id: factorId.data })
  }
}
