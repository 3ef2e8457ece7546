import { HONEYPOT_FIELD, parseEnquiryPayload } from '@genesis/contracts/enquiry'
import type { FunctionContext, FunctionHandler, FunctionLimits } from '../_shared/function-context.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from '../_shared/responses.ts'
import { acknowledgementMail, teamMail } from './enquiry-emails.ts'
import { enquiriesFromAddressToday, recordDelivery, storeEnquiry } from './store-enquiry.ts'

/** What the web app's failure toast reads when the mail server refused the enquiry (docs/product/site.md §8). */
export const EMAIL_SERVICE_ERROR = 'Email service error'

// Public forms: rate-limited per address; an enquiry's message fits in 32 KiB.
export const limits: FunctionLimits = { rateLimited: true, maxBodyBytes: 32 * 1024, timeoutMs: 30_000 }

/**
 * `send-enquiry-email` (docs/product/site.md §7): the unit dialog, the leasing form and the contact form. The
 * enquiry is stored before any mail is attempted, so nothing a visitor sends is lost; then it is
 * mailed to the centre's team (reply-to the visitor) and acknowledged to the visitor.
 *
 * Answers: 200 `{ success: true }`; 400 `{ error }` with the spec's validation message; 500
 * `{ error, provider_error }` when the mail server refused the team's mail (the enquiry stays
 * stored as `email_status = 'failed'`). See docs/decisions/004-functions-as-fetch-handlers.md for
 * why 500 and not 502.
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const body = await readJsonBody(req)

    // A bot filled in the field people never see: answer as if it worked, store and send nothing.
    if (isObject(body) && typeof body[HONEYPOT_FIELD] === 'string' && body[HONEYPOT_FIELD].trim() !== '') {
      ctx.logger.info({ honeypot: true }, 'enquiry ignored: honeypot field filled in')
      return jsonResponse({ success: true })
    }

    const parsed = parseEnquiryPayload(body)
    if (!parsed.ok) return errorResponse(400, parsed.error)
    const enquiry = parsed.enquiry

    const receivedAt = new Date()
    const id = await ctx.withServiceRole((sql) => storeEnquiry(sql, enquiry))
    const centre = await ctx.centreContacts()

    const team = teamMail(enquiry, centre, receivedAt)
    const teamRendered = ctx.renderEmail(team.content, centre)
    const delivered = await ctx.sendMail({
      to: team.to,
      subject: team.subject,
      replyTo: enquiry.email,
      category: `enquiry-${enquiry.kind}`,
      ...teamRendered,
    })
    if (!delivered.ok) {
      await ctx.withServiceRole((sql) =>
        recordDelivery(sql, id, { status: 'failed', providerError: delivered.providerMessage }),
      )
      ctx.logger.warn(
        { enquiry: id, providerError: delivered.providerMessage },
        'enquiry stored, mail failed',
      )
      // No acknowledgement: the same server just refused a mail, and the visitor is told on screen.
      return errorResponse(500, EMAIL_SERVICE_ERROR, { provider_error: delivered.providerMessage })
    }
    await ctx.withServiceRole((sql) => recordDelivery(sql, id, { status: 'sent' }))

    const today = await ctx.withServiceRole((sql) => enquiriesFromAddressToday(sql, enquiry.email))
    if (today > ctx.config.enquiryAcknowledgementsPerDay) {
      // The team has the enquiry; the visitor's address has had its acknowledgements for today.
      ctx.logger.warn({ enquiry: id, enquiriesToday: today }, 'acknowledgement skipped: daily ceiling')
      return jsonResponse({ success: true })
    }
    const ack = acknowledgementMail(enquiry, centre)
    const acknowledged = await ctx.sendMail({
      to: ack.to,
      subject: ack.subject,
      replyTo: team.to,
      category: 'enquiry-acknowledgement',
      ...ctx.renderEmail(ack.content, centre),
    })
    if (!acknowledged.ok) {
      // The team has the enquiry; a bounced acknowledgement (a mistyped address) is only logged,
      // and the outbox row keeps the provider's message.
      ctx.logger.warn({ enquiry: id, providerError: acknowledged.providerMessage }, 'acknowledgement failed')
    }
    return jsonResponse({ success: true })
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
