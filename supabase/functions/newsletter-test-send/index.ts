import { centreAddress } from '@genesis/contracts/centre-settings'
import { SendableNewsletterSchema } from '@genesis/contracts/newsletter-draft'
import { renderNewsletter } from '@genesis/contracts/newsletter-email'
import {
  CallerRefused,
  type FunctionContext,
  type FunctionHandler,
  type FunctionLimits,
} from '../_shared/function-context.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from '../_shared/responses.ts'

/** Back office only; small bodies. */
export const limits: FunctionLimits = { rateLimited: false, maxBodyBytes: 4 * 1024, timeoutMs: 30_000 }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The unsubscribe link of a test: it belongs to nobody, so the page it opens says so. */
const SAMPLE_TOKEN = '0'.repeat(48)

interface StoredIssue {
  subject: string
  preheader: string
  body: string
}

/**
 * `newsletter-test-send` (issue 14): `POST { newsletter_id }` sends the saved issue, exactly as
 * subscribers would get it, to the signed-in admin's own address only. The database decides, as
 * the caller: `public.record_newsletter_test_send` refuses anyone but an admin with their second
 * factor and answers with the caller's address; the issue is read under the caller's RLS.
 * `200 { sent_to }`, `400` a draft that cannot be sent (with what to fix), `403`, `404`,
 * `500 { error, provider_error }` when the mail server refuses.
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const body = (await readJsonBody(req)) as { newsletter_id?: unknown } | undefined
    const id = typeof body?.newsletter_id === 'string' ? body.newsletter_id : ''
    if (!UUID.test(id)) return errorResponse(400, 'newsletter_id must be the id of a saved newsletter')

    let found: { recipient: string; issue: StoredIssue } | 'forbidden' | 'missing'
    try {
      found = await ctx.withCaller(req, async (sql) => {
        const issue = await sql.query<StoredIssue>(
          'select subject, preheader, body from public.newsletters where id = $1',
          [id],
        )
        // A refusal must not abort the transaction the runner commits: inside a savepoint.
        await sql.query('savepoint test_send')
        try {
          const { rows } = await sql.query<{ recipient: string }>(
            'select public.record_newsletter_test_send($1) as recipient',
            [id],
          )
          await sql.query('release savepoint test_send')
          if (!issue.rows[0]) return 'missing'
          return { recipient: rows[0].recipient, issue: issue.rows[0] }
        } catch (error) {
          await sql.query('rollback to savepoint test_send')
          const code = (error as { code?: string }).code
          if (code === '42501') return 'forbidden'
          if (code === 'P0002') return 'missing'
          throw error
        }
      })
    } catch (error) {
      if (error instanceof CallerRefused) return errorResponse(401, error.reason)
      throw error
    }
    if (found === 'forbidden') return errorResponse(403, 'Only centre management can send test newsletters')
    if (found === 'missing') return errorResponse(404, 'Newsletter not found')

    const checked = SendableNewsletterSchema.safeParse({
      ...found.issue,
      preheader: found.issue.preheader ?? '',
    })
    if (!checked.success) return errorResponse(400, checked.error.issues.map((i) => i.message).join(' '))

    const centre = await ctx.centreContacts()
    const unsubscribeUrl = `${ctx.config.functionsUrl}/newsletter-subscription/unsubscribe?token=${SAMPLE_TOKEN}`
    const mail = renderNewsletter(
      found.issue,
      {
        name: centre.centre_name,
        address: centreAddress(centre),
        phone: centre.phone,
        email: centre.general_email,
        websiteUrl: ctx.config.siteUrl,
      },
      unsubscribeUrl,
    )
    const sent = await ctx.sendMail({
      to: found.recipient,
      subject: `[Test] ${mail.subject}`,
      html: mail.html,
      text: mail.text,
      category: 'newsletter-test',
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
    if (!sent.ok) {
      return jsonResponse({ error: 'The test could not be sent', provider_error: sent.providerMessage }, 500)
    }
    return jsonResponse({ sent_to: found.recipient })
  }
}
