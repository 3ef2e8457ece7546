import type { Handler } from 'hono'
import type { AuthServices } from './auth-services.ts'
import {
  completeVerification,
  EMAIL_CHANGE_PENDING_MESSAGE,
  EmailOtpType,
  redirectError,
} from './complete-verification.ts'
import { ERRORS } from './errors.ts'
import { allowedRedirect } from './request-input.ts'
import { tokenResponse } from './sessions.ts'

/**
 * GET /verify, the link in an e-mail: 303 back to the site with the session in the URL fragment
 * (implicit flow; the client picks it up), or with `#error=…` when the link is no good.
 */
export function verifyLink(services: AuthServices): Handler {
  const { deps } = services
  return async (c) => {
    const redirectTo = allowedRedirect(deps.config, c.req.query('redirect_to'))
    const fragment = new URLSearchParams()
    try {
      const type = EmailOtpType.safeParse(c.req.query('type'))
      const token = c.req.query('token')
      // A link without a usable type or token is as good as an expired one.
      if (!type.success || !token) throw ERRORS.OtpExpired()
      await services.limits.check(c, 'verify')
      const result = await completeVerification(services, c, token, type.data)
      if (result.kind === 'email_change_pending') {
        fragment.set('message', EMAIL_CHANGE_PENDING_MESSAGE)
      } else {
        const session = await tokenResponse(deps, result.user, result.session, result.refreshToken)
        fragment.set('access_token', session.access_token)
        fragment.set('expires_at', String(session.expires_at))
        fragment.set('expires_in', String(session.expires_in))
        fragment.set('refresh_token', session.refresh_token)
        fragment.set('token_type', 'bearer')
        fragment.set('type', type.data)
      }
    } catch (error) {
      const problem = redirectError(error)
      if (problem.code === 'unexpected_failure') deps.logger.error({ err: error }, 'verify link failed')
      fragment.set('error', problem.error)
      fragment.set('error_code', problem.code)
      fragment.set('error_description', problem.description)
    }
    fragment.set('sb', '')
    return c.redirect(`${redirectTo}#${fragment.toString()}`, 303)
  }
}
