import { CallerRefused, type FunctionContext } from '@genesis/functions/_shared/function-context.ts'
import { readCentreContacts } from '../../database/read-centre-contacts.ts'
import { ANON, asCaller, type Caller, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { bearerToken, verifyJwt } from '../../http/resolve-caller.ts'
import { emailBrand } from '../../mail/email-brand.ts'
import { MailDeliveryError } from '../../mail/mailer.ts'
import { renderEmail } from '../../mail/render-email.ts'

const KNOWN_ROLES = new Set(['anon', 'authenticated', 'service_role'])

/** Who sent `req`: the verified bearer token's role and claims, anon without one. */
async function callerOf(req: Request, deps: Deps): Promise<Caller> {
  const authorization = req.headers.get('authorization')
  if (!authorization) return ANON
  const token = bearerToken(authorization)
  if (!token) throw new CallerRefused('Invalid authorization header')
  const verified = await verifyJwt(token, deps.keys)
  if (!verified.ok) throw new CallerRefused(verified.problem.message)
  const role = String(verified.claims.role)
  if (!KNOWN_ROLES.has(role)) throw new CallerRefused(`JWT role "${role}" is not a database role`)
  return { role, claims: verified.claims }
}

/** The gateway's own HTTP surface, in-process (what SUPABASE_URL is to an Edge Function). */
export type GatewayFetch = (request: Request) => Promise<Response>

/**
 * The context one function is created from (docs/decisions/004-functions-as-fetch-handlers.md).
 * `gateway` answers `authAdmin`; without it (a runner built on its own in a test) that call fails.
 */
export function createFunctionContext(deps: Deps, name: string, gateway?: GatewayFetch): FunctionContext {
  const { db, mailer, config } = deps
  const logger = deps.logger.child({ function: name })
  return {
    withServiceRole: (fn) => asCaller(db, SERVICE_ROLE, fn),
    withCaller: async (req, fn) => asCaller(db, await callerOf(req, deps), fn),
    authAdmin(path, init = {}) {
      const key = deps.keys.serviceRoleKey
      const headers: Record<string, string> = { apikey: key, authorization: `Bearer ${key}` }
      if (init.body !== undefined) headers['content-type'] = 'application/json'
      if (!gateway) return Promise.reject(new Error('authAdmin: this runner has no gateway to call'))
      return gateway(
        new Request(new URL(`/auth/v1${path}`, config.siteUrl), {
          method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        }),
      )
    },
    centreContacts: () => readCentreContacts(db),
    async sendMail(message) {
      try {
        const sent = await mailer.send(message)
        return { ok: true, id: sent.id, transport: sent.transport }
      } catch (error) {
        // Only a refused delivery is an outcome; anything else (the outbox insert failing) is a bug.
        if (error instanceof MailDeliveryError) {
          return { ok: false, id: error.outboxId, providerMessage: error.providerMessage }
        }
        throw error
      }
    },
    renderEmail: (content, centre) => renderEmail(content, emailBrand(centre, config.siteUrl)),
    config: {
      siteUrl: config.siteUrl,
      functionsUrl: `${config.siteUrl}/functions/v1`,
      enquiryAcknowledgementsPerDay: config.ENQUIRY_ACK_DAILY_LIMIT,
    },
    logger: {
      info: (details, message) => logger.info(details, message),
      warn: (details, message) => logger.warn(details, message),
      error: (details, message) => logger.error(details, message),
    },
  }
}
