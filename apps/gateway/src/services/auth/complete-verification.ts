import type { Context } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { AuthError, ERRORS } from './errors.ts'
import { consumeOneTimeToken, type OneTimeTokenType } from './one-time-tokens.ts'
import { type AuthMethod, type SessionInfo, startSession } from './sessions.ts'
import { confirmEmail, findUserById, type UserRow } from './users.ts'

export const EmailOtpType = z.enum(['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'])
export type EmailOtpType = z.infer<typeof EmailOtpType>

const TOKEN_TYPES: Record<EmailOtpType, OneTimeTokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  email: ['recovery_token', 'confirmation_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
}

const METHODS: Record<EmailOtpType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  email: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
}

export type Verification =
  | { kind: 'session'; user: UserRow; session: SessionInfo; refreshToken: string }
  | { kind: 'email_change_pending' }

/** The answer to the first of the two confirmations of a secure e-mail change. */
export const EMAIL_CHANGE_PENDING_MESSAGE =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/**
 * Redeems a link token of type `type`: confirms the address (sign-up, invite, magic link,
 * recovery) or applies an e-mail change once both addresses have confirmed it, and starts a
 * session. A wrong, used or expired token is `otp_expired`, whatever the reason.
 */
export async function completeVerification(
  services: AuthServices,
  c: Context,
  tokenHash: string,
  type: EmailOtpType,
): Promise<Verification> {
  const { deps } = services
  const ip = requestIp(c, services)
  return deps.db.transaction(async (tx) => {
    const found = await consumeOneTimeToken(tx, tokenHash, TOKEN_TYPES[type])
    if (!found) throw ERRORS.OtpExpired()
    let user = await findUserById(tx, found.user_id)
    if (!user) throw ERRORS.OtpExpired()
    if (user.banned) throw ERRORS.UserBanned(403)

    if (type === 'email_change') {
      if (!user.email_change) throw ERRORS.OtpExpired()
      const confirmations = (user.email_change_confirm_status ?? 0) + 1
      // Secure change: both the current and the new address must confirm.
      const needed = user.email ? 2 : 1
      if (confirmations < needed) {
        await tx.query(`update auth.users set email_change_confirm_status = $2 where id = $1`, [
          user.id,
          confirmations,
        ])
        return { kind: 'email_change_pending' }
      }
      const taken = await tx.query(`select 1 from auth.users where email = $1 and id <> $2`, [
        user.email_change,
        user.id,
      ])
      if (taken.rows.length) throw ERRORS.EmailExists()
      await tx.query(
        `with u as (
           update auth.users set email = email_change, email_change = '', email_change_confirm_status = 0,
             email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
           where id = $1 returning id, email),
         t as (delete from auth.one_time_tokens where user_id = $1
               and token_type in ('email_change_token_new', 'email_change_token_current'))
         update auth.identities i set identity_data = i.identity_data || jsonb_build_object('email', u.email, 'email_verified', true),
           updated_at = now()
         from u where i.user_id = u.id and i.provider = 'email'`,
        [user.id],
      )
      await writeAudit(tx, {
        action: 'user_modified',
        actorId: user.id,
        actorUsername: user.email_change,
        logType: 'user',
        ip,
        traits: { email_changed: true },
      })
    } else {
      // Following any of these links proves the address works.
      await confirmEmail(tx, user.id)
    }
    user = await findUserById(tx, found.user_id)
    if (!user) throw ERRORS.OtpExpired()
    const started = await startSession(tx, {
      userId: user.id,
      email: user.email,
      method: METHODS[type],
      ip,
      userAgent: c.req.header('user-agent'),
    })
    return { kind: 'session', ...started }
  })
}

/** Errors that a GET /verify turns into the `#error=…` fragment of its redirect. */
export function redirectError(error: unknown): { error: string; code: string; description: string } {
  if (error instanceof AuthError && error.code === 'otp_expired') {
    return {
      error: 'access_denied',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    }
  }
  if (error instanceof AuthError && error.status < 500) {
    return { error: 'access_denied', code: error.code, description: error.message }
  }
  return {
    error: 'server_error',
    code: 'unexpected_failure',
    description: 'Unexpected failure, please check server logs',
  }
}
