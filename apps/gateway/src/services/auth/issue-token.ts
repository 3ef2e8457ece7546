import type { Handler } from 'hono'
import { z } from 'zod'
import type { AuthServices } from './auth-services.ts'
import { ERRORS } from './errors.ts'
import { grantPassword } from './grant-password.ts'
import { grantRefreshToken } from './grant-refresh-token.ts'

const IdTokenBody = z.object({ provider: z.string().nullish() }).loose()

/**
 * POST /token. Password and refresh grants are ours; pkce, id_token and web3 are refused with
 * the exact errors GoTrue gives when they are not configured (supabase-protocol.md §2.5).
 */
export function issueToken(services: AuthServices): Handler {
  return async (c) => {
    switch (c.req.query('grant_type')) {
      case 'password':
        return grantPassword(services, c)
      case 'refresh_token':
        return grantRefreshToken(services, c)
      case 'pkce':
        throw ERRORS.FlowStateNotFound()
      case 'id_token': {
        const body = IdTokenBody.safeParse(await services.body.readValue(c))
        throw ERRORS.ProviderDisabled(body.success ? (body.data.provider ?? '') : '')
      }
      case 'web3':
        throw ERRORS.Web3ProviderDisabled()
      default:
        throw ERRORS.UnsupportedGrantType()
    }
  }
}
