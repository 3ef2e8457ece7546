import type { Handler } from 'hono'
import { z } from 'zod'
import { writeAudit } from './audit.ts'
import { sendInBackground } from './auth-mail-queue.ts'
import { type AuthServices, requestIp } from './auth-services.ts'
import { ERRORS } from './errors.ts'
import { issueOneTimeToken } from './one-time-tokens.ts'
import { assertAcceptablePassword, hashPassword } from './passwords.ts'
import {
  metadataObject,
  normaliseEmail,
  optionalString,
  redirectFromQuery,
  withoutRole,
} from './request-input.ts'
import { startSession, tokenResponse } from './sessions.ts'
import { decoyUser, findUserByEmail, findUserById, insertEmailUser } from './users.ts'

const SignUpBody = z.object({
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  data: metadataObject,
})

/**
 * POST /signup. A new address gets a user and a confirmation mail (or a session right away with
 * AUTH_AUTOCONFIRM). An address that is already registered gets the same answer as a new one —
 * a decoy user — so that sign-up cannot be used to find out who has an account.
 */
export function signUp(services: AuthServices): Handler {
  const { deps, limits } = services
  const { config } = deps
  return async (c) => {
    const body = await services.body.read(c, SignUpBody)
    if (body.phone) throw ERRORS.PhoneProviderDisabled()
    if (!body.email) return signUpAnonymously(services, c, body.data)
    if (config.AUTH_DISABLE_SIGNUP) throw ERRORS.SignupDisabled()
    const email = normaliseEmail(body.email)
    if (!body.password) throw ERRORS.ValidationFailed('Signup requires a valid password')
    assertAcceptablePassword(config, body.password)
    await limits.check(c, 'email', email)
    const redirectTo = redirectFromQuery(c, config)
    const userMetadata = withoutRole(body.data)
    const ip = requestIp(c, services)

    // Hash before looking the address up, so both branches cost the same.
    const passwordHash = await hashPassword(body.password)
    const outcome = await deps.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing) {
        await writeAudit(tx, {
          action: 'user_repeated_signup',
          actorId: existing.id,
          actorUsername: email,
          logType: 'user',
          ip,
        })
        if (existing.email_confirmed) {
          if (config.AUTH_AUTOCONFIRM) throw ERRORS.UserAlreadyExists()
          return { kind: 'decoy' as const }
        }
        // Not yet confirmed: send the confirmation again, but never change the password here.
        const { otp, tokenHash } = await issueOneTimeToken(tx, existing.id, 'confirmation_token', email)
        await tx.query(`update auth.users set confirmation_sent_at = now() where id = $1`, [existing.id])
        return { kind: 'decoy' as const, mail: { otp, tokenHash } }
      }
      const id = await insertEmailUser(tx, {
        email,
        passwordHash,
        confirmed: config.AUTH_AUTOCONFIRM,
        userMetadata,
      })
      await writeAudit(tx, {
        action: 'user_signedup',
        actorId: id,
        actorUsername: email,
        logType: 'team',
        ip,
        traits: { provider: 'email' },
      })
      if (config.AUTH_AUTOCONFIRM) {
        const started = await startSession(tx, {
          userId: id,
          email,
          method: 'password',
          ip,
          userAgent: c.req.header('user-agent'),
        })
        return { kind: 'session' as const, ...started }
      }
      const { otp, tokenHash } = await issueOneTimeToken(tx, id, 'confirmation_token', email)
      await tx.query(`update auth.users set confirmation_sent_at = now() where id = $1`, [id])
      const user = await findUserById(tx, id)
      return { kind: 'user' as const, user: user!, mail: { otp, tokenHash } }
    })

    if (outcome.kind === 'session') {
      return c.json(await tokenResponse(deps, outcome.user, outcome.session, outcome.refreshToken))
    }
    // Sent without waiting: a known address (no mail) must not answer faster than a new one.
    if (outcome.mail) {
      void sendInBackground(deps, [
        {
          kind: 'signup',
          to: email,
          otp: outcome.mail.otp,
          link: { tokenHash: outcome.mail.tokenHash, type: 'signup', redirectTo },
        },
      ])
    }
    if (outcome.kind === 'user') return c.json(outcome.user.json)
    return c.json(decoyUser(email, userMetadata))
  }
}

/** `signInAnonymously()`: a user without address, when AUTH_ANONYMOUS_SIGNINS allows it. */
async function signUpAnonymously(
  services: AuthServices,
  c: Parameters<Handler>[0],
  data: Record<string, unknown> | undefined,
) {
  const { deps, limits } = services
  if (!deps.config.AUTH_ANONYMOUS_SIGNINS) throw ERRORS.AnonymousProviderDisabled()
  await limits.check(c, 'sign_in')
  const ip = requestIp(c, services)
  const started = await deps.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into auth.users (is_anonymous, raw_app_meta_data, raw_user_meta_data)
       values (true, '{"provider":"anonymous","providers":["anonymous"]}'::jsonb, $1::jsonb) returning id`,
      [JSON.stringify(withoutRole(data))],
    )
    const id = rows[0].id
    await writeAudit(tx, {
      action: 'user_signedup',
      actorId: id,
      logType: 'team',
      ip,
      traits: { provider: 'anonymous' },
    })
    return startSession(tx, {
      userId: id,
      method: 'anonymous',
      ip,
      userAgent: c.req.header('user-agent'),
    })
  })
  return c.json(await tokenResponse(deps, started.user, started.session, started.refreshToken))
}
