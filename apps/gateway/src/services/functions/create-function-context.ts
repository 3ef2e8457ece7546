import type { FunctionContext } from '@genesis/functions/_shared/function-context.ts'
import { readCentreContacts } from '../../database/read-centre-contacts.ts'
import { asCaller, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { emailBrand } from '../../mail/email-brand.ts'
import { MailDeliveryError } from '../../mail/mailer.ts'
import { renderEmail } from '../../mail/render-email.ts'

/** The context one function is created from (docs/decisions/004-functions-as-fetch-handlers.md). */
export function createFunctionContext(deps: Deps, name: string): FunctionContext {
  const { db, mailer, config } = deps
  const logger = deps.logger.child({ function: name })
  return {
    withServiceRole: (fn) => asCaller(db, SERVICE_ROLE, fn),
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
