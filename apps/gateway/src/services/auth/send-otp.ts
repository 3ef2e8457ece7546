import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type PendingMail, prepareAndSendInBackground } from './auth-mail-queue.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { ERRORS } from './errors.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import {
  metadataObject,
  normaliseEmail,
  optionalString,
  redirectFromQuery,
  withoutRole,
} from './request-input.ts'
import { findUserByEmail, insertEmailUser } from './users.ts'

const OtpBody = z.object({
  email: optionalString,
  phone: optionalString,
  data: metadataObject,
  create_user: z
    .boolean()
    .nullish()
    .transform((v) => v ?? true),
})

/**
 * POST /otp: a magic link with a 6-digit code for signing in without a password. Unknown
 * addresses get an account unless `create_user` is false or sign-ups are off; then no mail is
 * sent. The answer is `{}` at once in every case (GoTrue answers `otp_disabled` for an unknown
 * address, which tells who has an account: issue 11 item 8), at most one mail per address per
 * AUTH_SMTP_MAX_FREQUENCY_SECONDS.
 */
export function sendOtp(services: AuthServices): Handler {
  const { deps, limits } = services
  return async (c) => {
    const body = await services.body.read(c, OtpBody)
    if (body.phone) throw ERRORS.PhoneProviderDisabled()
    if (!body.email) throw ERRORS.ValidationFailed('An email address or phone number is required')
    const email = normaliseEmail(body.email)
    await limits.check(c, 'email', email)
    const redirectTo = redirectFromQuery(c, deps.config)
    await limits.mailCooldown(email)
    const ip = requestIp(c, services)
    // Everything that depends on whether the address has an account happens after the reply.
    void prepareAndSendInBackground(deps, 'magiclink', () =>
      deps.db.transaction(async (tx): Promise<PendingMail[]> => {
        let user = await findUserByEmail(tx, email)
        let userId = user?.id
        if (user?.banned) return []
        if (!user) {
          // No account and none to be made: nothing is sent, and the answer is the same `{}`.
          if (!body.create_user || deps.config.AUTH_DISABLE_SIGNUP) return []
          userId = await insertEmailUser(tx, {
            email,
            passwordHash: null,
            confirmed: false,
            userMetadata: withoutRole(body.data),
          })
          await writeAudit(tx, {
            action: 'user_signedup',
            actorId: userId,
            actorUsername: email,
            logType: 'team',
            ip,
            traits: { provider: 'email', via: 'otp' },
          })
          user = undefined
        }
        const confirmed = user?.email_confirmed ?? false
        const { otp, tokenHash } = await issueOneTimeToken(
          tx,
          userId!,
          confirmed ? 'recovery_token' : 'confirmation_token',
          email,
        )
        await tx.query(
          confirmed
            ? `update auth.users set recovery_sent_at = now() where id = $1`
            : `update auth.users set confirmation_sent_at = now() where id = $1`,
          [userId],
        )
        await writeAudit(tx, {
          action: 'otp_sent',
          actorId: userId!,
          actorUsername: email,
          logType: 'user',
          ip,
        })
        return [{ kind: 'magiclink', to: email, otp, link: { tokenHash, type: 'magiclink', redirectTo } }]
      }),
    )
    return c.json({})
  }
}
