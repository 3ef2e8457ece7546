import { INVALID_EMAIL_MESSAGE, normaliseEmail } from '@genesis/contracts/email'
import { NewsletterSubscriptionSchema, newsletterConsentText } from '@genesis/contracts/newsletter'
import { z } from 'zod'
import type { FunctionContext, FunctionHandler, FunctionLimits } from '../_shared/function-context.ts'
import { escapeHtml, htmlPage } from '../_shared/html-page.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody, subPath } from '../_shared/responses.ts'
import { confirmationEmail } from './confirmation-email.ts'
import { requestOrigin, subscribe } from './subscribe.ts'
import { confirm, findByToken, unsubscribe } from './unsubscribe.ts'

const NAME = 'newsletter-subscription'
const DEFAULT_SOURCE = 'website'
/** The stored tokens are 48 hex characters; anything else cannot match and is refused unread. */
const TokenSchema = z.string().regex(/^[0-9a-f]{16,128}$/)

// A public form: rate-limited per address, small bodies (an address and a source).
export const limits: FunctionLimits = { rateLimited: true, maxBodyBytes: 4 * 1024, timeoutMs: 30_000 }

/**
 * `newsletter-subscription` (docs/product/site.md §5, §7; issue 14: double opt-in and the consent
 * ledger, docs/decisions/017-newsletter-consent-and-sending.md):
 * - `POST /` `{ email, source? }` asks for a subscription (200 `{ success: true }`, 400 `{ error }`)
 *   and mails a confirmation link; the address is pending until it is followed.
 * - `GET /confirm?token=…` shows a page with a button; `POST` the same URL confirms.
 * - `GET /unsubscribe?token=…` shows a confirmation page; `POST` the same URL unsubscribes (the
 *   page's button, and RFC 8058 one-click from mail clients).
 * A GET never changes anything, so mail scanners that open links cannot subscribe or unsubscribe
 * anyone. Every change is recorded in the consent ledger with the address and browser it came from.
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    const path = subPath(req, NAME)
    if (path === '') {
      if (req.method !== 'POST') return methodNotAllowed(['POST'])
      return handleSubscribe(ctx, req)
    }
    if (path === '/confirm') {
      if (req.method !== 'GET' && req.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
      return handleConfirm(ctx, req)
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
    subscribe(sql, { email, source: parsed.data.source || DEFAULT_SOURCE, consentText }, requestOrigin(req)),
  )
  // Subscribing twice is not an error, and the answer does not tell who is on the list.
  if (result.kind !== 'pending') return jsonResponse({ success: true })

  const base = `${ctx.config.functionsUrl}/${NAME}`
  const unsubscribeUrl = `${base}/unsubscribe?token=${result.unsubscribeToken}`
  const confirmUrl = `${base}/confirm?token=${result.confirmToken}`
  const mail = confirmationEmail({ centre, email, consentText, confirmUrl, unsubscribeUrl })
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
    // The request is recorded (pending); only the confirmation mail is missing, and its outbox
    // row keeps the provider's message. Subscribing again after an hour sends a new one.
    ctx.logger.warn({ outbox: sent.id, providerError: sent.providerMessage }, 'confirmation mail failed')
  }
  return jsonResponse({ success: true })
}

async function handleConfirm(ctx: FunctionContext, req: Request): Promise<Response> {
  const centre = await ctx.centreContacts()
  const siteName = centre.centre_name
  const token = TokenSchema.safeParse(new URL(req.url).searchParams.get('token'))
  const invalid = () =>
    htmlPage({
      status: 404,
      siteName,
      title: 'This link is not valid',
      body: `<p>This confirmation link is not valid any more. Subscribe again on our website and follow the link in the new mail, or write to <a href="mailto:${escapeHtml(centre.general_email)}">${escapeHtml(centre.general_email)}</a>.</p>`,
    })
  if (!token.success) return invalid()
  const subscribed = (email: string) =>
    htmlPage({
      siteName,
      title: 'Successfully subscribed!',
      body: `<p>Thank you. ${escapeHtml(email)} will receive news about new stores and events at ${escapeHtml(siteName)}. Every mail has a link to unsubscribe.</p>
<p><a class="button" href="${escapeHtml(ctx.config.siteUrl)}/">Visit our website</a></p>`,
    })

  if (req.method === 'GET') {
    const subscriber = await ctx.withServiceRole((sql) => findByToken(sql, 'confirm_token', token.data))
    if (!subscriber || subscriber.status === 'unsubscribed') return invalid()
    if (subscriber.status === 'subscribed') return subscribed(subscriber.email)
    return htmlPage({
      siteName,
      title: 'Confirm your subscription',
      body: `<p>Confirm that ${escapeHtml(subscriber.email)} should receive news about new stores, events and specials from ${escapeHtml(siteName)}.</p>
<form method="post"><button type="submit">Confirm my subscription</button></form>`,
    })
  }

  const confirmed = await ctx.withServiceRole((sql) => confirm(sql, token.data, requestOrigin(req)))
  if (!confirmed) return invalid()
  if (confirmed.outcome === 'confirmed')
    ctx.logger.info({ confirmed: true }, 'newsletter subscription confirmed')
  return subscribed(confirmed.email)
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
    const subscriber = await ctx.withServiceRole((sql) => findByToken(sql, 'unsubscribe_token', token.data))
    if (!subscriber) return invalid()
    if (subscriber.status === 'unsubscribed') return unsubscribedPage(siteName, subscriber.email)
    return htmlPage({
      siteName,
      title: 'Unsubscribe from our news?',
      body: `<p>${escapeHtml(subscriber.email)} will no longer receive news from ${escapeHtml(siteName)}.</p>
<form method="post"><button type="submit">Unsubscribe</button></form>`,
    })
  }

  // RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click`; the page's
  // button posts an empty form.
  const body = await req.text().catch(() => '')
  const source = body.includes('List-Unsubscribe=One-Click') ? 'one-click unsubscribe' : 'unsubscribe link'
  const email = await ctx.withServiceRole((sql) => unsubscribe(sql, token.data, source, requestOrigin(req)))
  if (!email) return invalid()
  ctx.logger.info({ unsubscribed: true }, 'newsletter subscriber unsubscribed')
  return unsubscribedPage(siteName, email)
}

function unsubscribedPage(siteName: string, email: string): Response {
  return htmlPage({
    siteName,
    title: 'You have been unsubscribed',
    body: `<p>${escapeHtml(email)} will no longer receive news from ${escapeHtml(siteName)}. Changed your mind? Subscribe again on our website at any time.</p>`,
  })
}
