import { INVALID_EMAIL_MESSAGE, normaliseEmail } from '@genesis/contracts/email'
import { NewsletterSubscriptionSchema, newsletterConsentText } from '@genesis/contracts/newsletter'
import { z } from 'zod'
import type { FunctionContext, FunctionHandler, FunctionLimits } from '../_shared/function-context.ts'
import { escapeHtml, htmlPage } from '../_shared/html-page.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody, subPath } from '../_shared/responses.ts'
import { confirmationEmail } from './confirmation-email.ts'
import { subscribe } from './subscribe.ts'
import { findByToken, unsubscribe } from './unsubscribe.ts'

const NAME = 'newsletter-subscription'
const DEFAULT_SOURCE = 'website'
/** The stored tokens are 48 hex characters; anything else cannot match and is refused unread. */
const TokenSchema = z.string().regex(/^[0-9a-f]{16,128}$/)

// A public form: rate-limited per address, small bodies (an address and a source).
export const limits: FunctionLimits = { rateLimited: true, maxBodyBytes: 4 * 1024, timeoutMs: 30_000 }

/**
 * `newsletter-subscription` (docs/product/site.md §5, §7):
 * - `POST /` `{ email, source? }` subscribes (200 `{ success: true }`, 400 `{ error }`).
 * - `GET /unsubscribe?token=…` shows a confirmation page; `POST` the same URL unsubscribes (the
 *   page's button, and RFC 8058 one-click from mail clients). A GET never changes anything, so
 *   mail scanners that open links cannot unsubscribe anyone.
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    const path = subPath(req, NAME)
    if (path === '') {
      if (req.method !== 'POST') return methodNotAllowed(['POST'])
      return handleSubscribe(ctx, req)
    }
    if (path === '/unsubscribe') {
      if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
      return handleUnsubscribe(ctx, req)
    }
    return jsonResponse({ error: 'Not found' }, 404)
  }
}

async function handleSubscribe(ctx: FunctionContext, req: Request): Promise<Response> {
  const parsed = NewsletterSubscriptionSchema.safeParse(await readJsonBody(req))
  if (!parsed.success) {
    // Whatever is wrong with the address — or with a body that has none — the spec's one message.
    const issue = parsed.error.issues[0]
    return errorResponse(400, issue.path[0] === 'source' ? issue.message : INVALID_EMAIL_MESSAGE)
  }
  const email = normaliseEmail(parsed.data.email)
  const centre = await ctx.centreContacts()
  const consentText = newsletterConsentText(centre.centre_name)

  const result = await ctx.withServiceRole((sql) =>
    subscribe(sql, { email, source: parsed.data.source || DEFAULT_SOURCE, consentText }),
  )
  // Subscribing twice is not an error, and the answer does not tell who is on the list.
  if (result.kind === 'already-subscribed') return jsonResponse({ success: true })

  const unsubscribeUrl = `${ctx.config.functionsUrl}/${NAME}/unsubscribe?token=${result.unsubscribeToken}`
  const mail = confirmationEmail({ centre, email, consentText, siteUrl: ctx.config.siteUrl, unsubscribeUrl })
  const sent = await ctx.sendMail({
    to: email,
    subject: mail.subject,
    category: 'newsletter-confirmation',
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...ctx.renderEmail(mail.content, centre),
  })
  if (!sent.ok) {
    // The consent is recorded and the subscription stands; only the welcome mail is missing, and
    // its outbox row keeps the provider's message.
    ctx.logger.warn({ outbox: sent.id, providerError: sent.providerMessage }, 'confirmation mail failed')
  }
  return jsonResponse({ success: true })
}

async function handleUnsubscribe(ctx: FunctionContext, req: Request): Promise<Response> {
  const centre = await ctx.centreContacts()
  const siteName = centre.centre_name
  const token = TokenSchema.safeParse(new URL(req.url).searchParams.get('token'))
  const invalid = () =>
    htmlPage({
      status: 404,
      siteName,
      title: 'This link is not valid',
      body: `<p>We could not find a subscription for this unsubscribe link. If you keep receiving our news, write to <a href="mailto:${escapeHtml(centre.general_email)}">${escapeHtml(centre.general_email)}</a> and we will remove you.</p>`,
    })
  if (!token.success) return invalid()

  if (req.method === 'GET') {
    const subscriber = await ctx.withServiceRole((sql) => findByToken(sql, token.data))
    if (!subscriber) return invalid()
    if (subscriber.status === 'unsubscribed') return unsubscribedPage(siteName, subscriber.email)
    return htmlPage({
      siteName,
      title: 'Unsubscribe from our news?',
      body: `<p>${escapeHtml(subscriber.email)} will no longer receive news from ${escapeHtml(siteName)}.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
    })
  }

  const subscriber = await ctx.withServiceRole((sql) => unsubscribe(sql, token.data))
  if (!subscriber) return invalid()
  ctx.logger.info({ unsubscribed: true }, 'newsletter subscriber unsubscribed')
  return unsubscribedPage(siteName, subscriber.email)
}

function unsubscribedPage(siteName: string, email: string): Response {
  return htmlPage({
    siteName,
    title: 'You have been unsubscribed',
    body: `<p>${escapeHtml(email)} will no longer receive news from ${escapeHtml(siteName)}. Changed your mind? Subscribe again on our website at any time.</p>`,
  })
}
