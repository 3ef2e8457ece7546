import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type PendingMail, prepareAndSendInBackground } from './auth-mail-queue.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { ERRORS } from './errors.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { normaliseEmail, optionalString, redirectFromQuery } from './request-input.ts'
import { findUserByEmail } from './users.ts'

const RecoverBody = z.object({ email: optionalString })

/**
 * POST /recover: a password-reset link for a known address; `{}` for every address alike, at
 * once (the lookup and the mail happen after the reply), at most one per address per
 * AUTH_SMTP_MAX_FREQUENCY_SECONDS.
 */
export function recoverPassword(services: AuthServices): Handler {
  const { deps, limits } = services
  return async (c) => {
    const body = await services.body.read(c, RecoverBody)
    if (!body.email) throw ERRORS.ValidationFailed('Password recovery requires an email')
    const email = normaliseEmail(body.email)
    await limits.check(c, 'email', email)
    const redirectTo = redirectFromQuery(c, deps.config)
    await limits.mailCooldown(email)
    const ip = requestIp(c, services)
    // Everything that depends on whether the address has an account happens after the reply.
    void prepareAndSendInBackground(deps, 'recovery', () =>
      deps.db.transaction(async (tx): Promise<PendingMail[]> => {
        const user = await findUserByEmail(tx, email)
        if (!user || user.banned) return []
        const { otp, tokenHash } = await issueOneTimeToken(tx, user.id, 'recovery_token', email)
        await tx.query(`update auth.users set recovery_sent_at = now() where id = $1`, [user.id])
        await writeAudit(tx, {
          action: 'user_recovery_requested',
          actorId: user.id,
          actorUsername: email,
          logType: 'user',
          ip,
        })
        return [{ kind: 'recovery', to: email, otp, link: { tokenHash, type: 'recovery', redirectTo } }]
      }),
    )
    return c.json({})
  }
}
