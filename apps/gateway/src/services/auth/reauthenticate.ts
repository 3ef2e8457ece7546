import type { Handler } from 'hono'
import { writeAudit } from './audit.ts'
import { sendInBackground } from './auth-mail-queue.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { loadSessionUser, requireUserClaims } from './caller.ts'
import { AuthError, ERRORS } from './errors.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'

/** GET /reauthenticate: mails a nonce that a password change must carry (AUTH_SECURE_PASSWORD_CHANGE). */
export function reauthenticate(services: AuthServices): Handler {
  const { deps, limits } = services
  return async (c) => {
    const claims = await requireUserClaims(c, deps)
    const user = await loadSessionUser(deps.db, claims)
    // GoTrue's checks, in its order and words: no address at all (an anonymous user), then an
    // address not yet confirmed. Phone numbers are never stored here (phone logins are disabled).
    if (!user.email) {
      throw ERRORS.ValidationFailed('Reauthentication requires the user to have an email or a phone number')
    }
    if (!user.email_confirmed) {
      throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
    }
    const email = user.email
    await limits.check(c, 'email', email)
    const nonce = await deps.db.transaction(async (tx) => {
      const issued = await issueOneTimeToken(tx, user.id, 'reauthentication_token', email)
      await tx.query(`update auth.users set reauthentication_sent_at = now() where id = $1`, [user.id])
      await writeAudit(tx, {
        action: 'user_reauthenticate_requested',
        actorId: user.id,
        actorUsername: email,
        logType: 'user',
        ip: requestIp(c, services),
      })
      return issued.otp
    })
    void sendInBackground(deps, [{ kind: 'reauthentication', to: email, otp: nonce }])
    return c.json({})
  }
}
