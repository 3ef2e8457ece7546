import type { Handler } from 'hono'
import type { AuthServices } from './auth-services.ts'

/** GET /settings: which sign-in methods this instance offers. */
export function getSettings(services: AuthServices): Handler {
  const { config } = services.deps
  return (c) =>
    c.json({
      external: {
        email: true,
        phone: false,
        anonymous_users: config.AUTH_ANONYMOUS_SIGNINS,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: false,
        keycloak: false,
        linkedin_oidc: false,
        notion: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: config.AUTH_DISABLE_SIGNUP,
      mailer_autoconfirm: config.AUTH_AUTOCONFIRM,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      passkeys_enabled: false,
    })
}
