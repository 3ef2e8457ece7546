import type { Handler } from 'hono'
import { ERRORS } from './errors.ts'

/**
 * OAuth, SSO and identity linking are not offered: each answers the error GoTrue gives when the
 * feature is switched off (docs/protocol/auth.md §2.5), so the client shows why.
 */
export const refuseAuthorize: Handler = () => {
  throw ERRORS.UnsupportedProvider()
}

export const refuseSso: Handler = () => {
  throw ERRORS.SamlProviderDisabled()
}

export const refuseIdentityLinking: Handler = () => {
  throw ERRORS.ManualLinkingDisabled()
}
