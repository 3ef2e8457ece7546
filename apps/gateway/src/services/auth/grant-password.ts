import type { Context } from 'hono'
import { z } from 'zod'
import { type AuthServices, requestIp } from './auth-services.ts'
import { ERRORS } from './errors.ts'
import { passwordProblem, verifyPassword } from './passwords.ts'
import { normaliseEmail, optionalString } from './request-input.ts'
import { startSession, tokenResponse } from './sessions.ts'
import { findCredentialsByEmail } from './users.ts'

const PasswordGrantBody = z.object({ email: optionalString, phone: optionalString, password: optionalString })

/**
 * POST /token?grant_type=password. Unknown address and wrong password give the same answer
 * after the same work (a bcrypt verification either way). Only a correct password learns
 * that the address is unconfirmed or banned. Guessing is counted per (account, address), per
 * address and in total, and a guesser elsewhere cannot lock the owner out (sign-in-guard.ts).
 */
export async function grantPassword(services: AuthServices, c: Context): Promise<Response> {
  const { deps, signIn } = services
  const body = await services.body.read(c, PasswordGrantBody)
  if (body.phone && !body.email) throw ERRORS.PhoneProviderDisabled()
  if (!body.email || !body.password) throw ERRORS.InvalidCredentials()
  const email = normaliseEmail(body.email)
  const ip = requestIp(c, services)
  // Refused (429) or slowed down before any password work (sign-in-guard.ts).
  await signIn.admit(email, ip)

  const user = await findCredentialsByEmail(deps.db, email)
  const matches = await verifyPassword(body.password, user?.encrypted_password)
  if (!user || !matches) {
    await signIn.failed(email, ip)
    throw ERRORS.InvalidCredentials()
  }
  await signIn.succeeded(email, ip)
  if (!user.email_confirmed) throw ERRORS.EmailNotConfirmed()
  if (user.banned) throw ERRORS.UserBanned()

  const started = await deps.db.transaction((tx) =>
    startSession(tx, {
      userId: user.id,
      email,
      method: 'password',
      ip,
      userAgent: c.req.header('user-agent'),
    }),
  )
  const response = await tokenResponse(deps, started.user, started.session, started.refreshToken)
  // The stored password may predate the current policy: the client can ask for a new one.
  const problem = passwordProblem(deps.config, body.password)
  return c.json(problem ? { ...response, weak_password: problem } : response)
}
