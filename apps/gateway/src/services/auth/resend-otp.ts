import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type PendingMail, prepareAndSendInBackground } from './auth-mail-queue.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { issueEmailChangeMails } from './email-change.ts'
import { ERRORS } from './errors.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { normaliseEmail, optionalString, redirectFromQuery } from './request-input.ts'
import { findUserByEmail } from './users.ts'

const ResendBody = z.object({ email: optionalString, phone: optionalString, type: optionalString })

/**
 * POST /resend: the sign-up confirmation or the e-mail-change confirmations again, when there is
 * something to resend; `{}` in every case so that nothing is revealed about the address.
 */
export function resendOtp(services: AuthServices): Handler {
  const { deps, limits } = services
  return async (c) => {
    const body = await services.body.read(c, ResendBody)
    if (body.type === 'sms' || body.type === 'phone_change' || body.phone)
      throw ERRORS.PhoneProviderDisabled()
    if (body.type !== 'signup' && body.type !== 'email_change') {
      throw ERRORS.ValidationFailed('Missing one of these types: signup, email_change, sms, phone_change')
    }
    if (!body.email) throw ERRORS.ValidationFailed('An email address is required')
    const type = body.type
    const email = normaliseEmail(body.email)
    await limits.check(c, 'email', email)
    const redirectTo = redirectFromQuery(c, deps.config)
    await limits.mailCooldown(email)
    const ip = requestIp(c, services)
    void prepareAndSendInBackground(deps, `resend ${type}`, () =>
      deps.db.transaction(async (tx): Promise<PendingMail[]> => {
        const user = await findUserByEmail(tx, email)
        if (!user || user.banned) return []
        if (type === 'signup') {
          if (user.email_confirmed) return []
          const { otp, tokenHash } = await issueOneTimeToken(tx, user.id, 'confirmation_token', email)
          await tx.query(`update auth.users set confirmation_sent_at = now() where id = $1`, [user.id])
          await writeAudit(tx, {
            action: 'user_confirmation_requested',
            actorId: user.id,
            actorUsername: email,
            logType: 'user',
            ip,
          })
          return [{ kind: 'signup', to: email, otp, link: { tokenHash, type: 'signup', redirectTo } }]
        }
        if (!user.email_change) return []
        return issueEmailChangeMails(tx, user.id, email, user.email_change, redirectTo)
      }),
    )
    return c.json({})
  }
}
