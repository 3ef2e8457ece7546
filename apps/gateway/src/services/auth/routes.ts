import { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import type { GatewayEnv } from '../../http/gateway-env.ts'
import { jsonBodyReader } from '../../http/json-body.ts'
import { serviceErrorHandler } from '../../http/service-error.ts'
import { adminCreateUser } from './admin-create-user.ts'
import { adminDeleteUser } from './admin-delete-user.ts'
import { adminDeleteUserFactor } from './admin-delete-user-factor.ts'
import { adminGenerateLink } from './admin-generate-link.ts'
import { adminGetUser } from './admin-get-user.ts'
import { adminListUserFactors } from './admin-list-user-factors.ts'
import { adminListUsers } from './admin-list-users.ts'
import { adminUpdateUser } from './admin-update-user.ts'
import type { AuthServices } from './auth-services.ts'
import { requireApikey } from './caller.ts'
import { challengeFactor } from './challenge-factor.ts'
import { enrollFactor } from './enroll-factor.ts'
import { ERRORS, JSON_BODY_ERRORS } from './errors.ts'
import { getHealth } from './get-health.ts'
import { getJwks } from './get-jwks.ts'
import { getSettings } from './get-settings.ts'
import { getUser } from './get-user.ts'
import { inviteUser } from './invite-user.ts'
import { issueToken } from './issue-token.ts'
import { AuthRateLimits } from './rate-limits.ts'
import { reauthenticate } from './reauthenticate.ts'
import { recoverPassword } from './recover-password.ts'
import { refuseAuthorize, refuseIdentityLinking, refuseSso } from './refuse-unsupported.ts'
import { resendOtp } from './resend-otp.ts'
import { sendOtp } from './send-otp.ts'
import { SignInGuard } from './sign-in-guard.ts'
import { signOut } from './sign-out.ts'
import { signUp } from './sign-up.ts'
import { unenrollFactor } from './unenroll-factor.ts'
import { updateUser } from './update-user.ts'
import { verifyFactor } from './verify-factor.ts'
import { verifyLink } from './verify-link.ts'
import { verifyOtp } from './verify-otp.ts'

/**
 * /auth/v1 — the GoTrue protocol (docs/protocol/auth.md §2). Three groups: open routes (e-mail
 * links, browser redirects, JWKS), routes for anyone holding a project key, routes for the
 * signed-in user (their bearer token is checked by each operation), and admin routes for the
 * service role only.
 */
export function createAuthRoutes(deps: Deps): Hono<GatewayEnv> {
  const services: AuthServices = {
    deps,
    limits: new AuthRateLimits(deps.config, deps.db),
    signIn: new SignInGuard({ config: deps.config, db: deps.db, logger: deps.logger }),
    // GoTrue reads an empty body as `{}`.
    body: jsonBodyReader(JSON_BODY_ERRORS, deps.config, { empty: {} }),
  }
  const app = new Hono<GatewayEnv>()
  app.onError(
    serviceErrorHandler({
      logger: deps.logger,
      service: 'auth',
      internal: ERRORS.Unexpected,
      unavailable: ERRORS.DatabaseUnavailable,
    }),
  )

  // Open: followed by browsers from e-mails and redirects, without a project key.
  app.get('/verify', verifyLink(services))
  app.get('/authorize', refuseAuthorize)
  app.get('/callback', refuseAuthorize)
  app.get('/.well-known/jwks.json', getJwks)

  app.use('*', requireApikey(deps))

  // Anyone with a project key.
  app.get('/health', getHealth)
  app.get('/settings', getSettings(services))
  app.post('/signup', signUp(services))
  app.post('/token', issueToken(services))
  app.post('/otp', sendOtp(services))
  app.post('/verify', verifyOtp(services))
  app.post('/recover', recoverPassword(services))
  app.post('/resend', resendOtp(services))
  app.post('/sso', refuseSso)

  // The signed-in user (bearer = their access token).
  app.get('/user', getUser(services))
  app.put('/user', updateUser(services))
  app.post('/logout', signOut(services))
  app.get('/reauthenticate', reauthenticate(services))
  app.post('/factors', enrollFactor(services))
  app.post('/factors/:id/challenge', challengeFactor(services))
  app.post('/factors/:id/verify', verifyFactor(services))
  app.delete('/factors/:id', unenrollFactor(services))
  app.get('/user/identities/authorize', refuseIdentityLinking)
  app.delete('/user/identities/:id', refuseIdentityLinking)

  // The service role only (each operation checks the bearer).
  app.get('/admin/users', adminListUsers(services))
  app.post('/admin/users', adminCreateUser(services))
  app.get('/admin/users/:id', adminGetUser(services))
  app.put('/admin/users/:id', adminUpdateUser(services))
  app.delete('/admin/users/:id', adminDeleteUser(services))
  app.get('/admin/users/:id/factors', adminListUserFactors(services))
  app.delete('/admin/users/:id/factors/:factorId', adminDeleteUserFactor(services))
  app.post('/admin/generate_link', adminGenerateLink(services))
  app.post('/invite', inviteUser(services))

  // Anything else under /auth/v1 is the auth service's 404, never the web app's page.
  app.all('*', () => {
    throw ERRORS.NotFound()
  })
  return app
}
