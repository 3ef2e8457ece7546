import type { Handler } from 'hono'
import { z } from 'zod'
import { type AuthServices, requestIp } from './auth-services.ts'
import { loadSessionUser, requireUserClaims } from './caller.ts'
import { ERRORS } from './errors.ts'

/** How long a challenge may be answered (GoTrue's default). */
export const CHALLENGE_SECONDS = 300

const FactorId = z.uuid()

/** POST /factors/:id/challenge: opens a challenge that a TOTP code then answers. */
export function challengeFactor(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    const factorId = FactorId.safeParse(c.req.param('id'))
    if (!factorId.success) throw ERRORS.MfaFactorNotFound()
    const user = await loadSessionUser(deps.db, claims)
    const { rows } = await deps.db.query<{ id: string; created: number; factor_type: string }>(
      `with f as (
         update auth.mfa_factors set last_challenged_at = now(), updated_at = now()
         where id = $1 and user_id = $2 returning id, factor_type)
       insert into auth.mfa_challenges (factor_id, ip_address)
       select id, $3 from f
       returning id, extract(epoch from created_at)::bigint as created, (select factor_type from f) as factor_type`,
      [factorId.data, user.id, requestIp(c, services)],
    )
    const challenge = rows[0]
    if (!challenge) throw ERRORS.MfaFactorNotFound()
    return c.json({
      id: challenge.id,
      type: challenge.factor_type,
      expires_at: Number(challenge.created) + CHALLENGE_SECONDS,
    })
  }
}
