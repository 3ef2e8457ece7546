import type { Handler } from 'hono'
import { z } from 'zod'
import type { AuthServices } from './auth-services.ts'
import { completeVerification, EMAIL_CHANGE_PENDING_MESSAGE, EmailOtpType } from './complete-verification.ts'
import { ERRORS } from './errors.ts'
import { linkToken } from './one-time-tokens.ts'
import { normaliseEmail, optionalString } from './request-input.ts'
import { tokenResponse } from './sessions.ts'

const VerifyBody = z.object({
  email: optionalString,
  phone: optionalString,
  token: optionalString,
  token_hash: optionalString,
  type: z.string(),
})

/** POST /verify: a code typed in (with the address) or a link token (`token_hash`). */
export function verifyOtp(services: AuthServices): Handler {
  return async (c) => {
    const body = await services.body.read(c, VerifyBody)
    if (body.phone || body.type === 'sms' || body.type === 'phone_change')
      throw ERRORS.PhoneProviderDisabled()
    const type = EmailOtpType.safeParse(body.type)
    if (!type.success) throw ERRORS.ValidationFailed(`Verify requires a verification type`)
    if ((body.token && body.token_hash) || (!body.token && !body.token_hash)) {
      throw ERRORS.ValidationFailed('Verify requires either a token or a token hash')
    }
    let tokenHash: string
    if (body.token) {
      if (!body.email)
        throw ERRORS.ValidationFailed('Only an email address or phone number should be provided on verify')
      const email = normaliseEmail(body.email)
      await services.limits.check(c, 'verify', email)
      tokenHash = linkToken(email, body.token.trim())
    } else {
      await services.limits.check(c, 'verify')
      tokenHash = body.token_hash!
    }
    const result = await completeVerification(services, c, tokenHash, type.data)
    if (result.kind === 'email_change_pending') {
      return c.json({ msg: EMAIL_CHANGE_PENDING_MESSAGE, code: '200' })
    }
    return c.json(await tokenResponse(services.deps, result.user, result.session, result.refreshToken))
  }
}
