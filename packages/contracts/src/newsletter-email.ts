import { micromark } from 'micromark'

/**
 * One newsletter issue as its recipients get it, HTML and text (issue 14): the same function renders
 * the back office's live preview, the test send and every delivery, so the preview is what is sent.
 *
 * The body is Markdown (CommonMark through micromark). Raw HTML in it is shown as text, never
 * interpreted, and links must be http(s) or mailto (`checkNewsletterMarkdown` says where one is
 * not). Every message carries the centre's identity and contact details and an unsubscribe link
 * that works without signing in (POPIA s69); the sender adds the List-Unsubscribe headers.
 */
export interface NewsletterSender {
  name: string
  /** One line: street, suburb, city, province, postal code. */
  address: string
  phone: string
  email: string
  websiteUrl: string
}

export interface NewsletterIssue {
  subject: string
  preheader?: string
  body: string
}

export interface RenderedNewsletter {
  subject: string
  html: string
  text: string
}

export const NEWSLETTER_SUBJECT_MAX = 200
export const NEWSLETTER_BODY_MAX = 100_000

const COLOURS = { accent: '#0f766e', ink: '#1f2937', muted: '#6b7280', line: '#e5e7eb', page: '#f6f7f9' }
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch])

/** What is wrong with a draft, one message per problem, each naming the line. Empty: it can be sent. */
export function checkNewsletterMarkdown(body: string): string[] {
  const problems: string[] = []
  if (body.trim() === '') problems.push('Write the newsletter before sending it.')
  if (body.length > NEWSLETTER_BODY_MAX) {
    problems.push(
      `The newsletter is too long: at most ${NEWSLETTER_BODY_MAX.toLocaleString('en-ZA')} characters.`,
    )
  }
  const lines = body.split(/\r?\n/)
  let fenced = false
  let fenceLine = 0
  lines.forEach((line, index) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      fenced = !fenced
      fenceLine = index + 1
    }
    if (fenced) return
    for (const match of line.matchAll(
      /\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)|<([a-z][a-z0-9+.-]*:[^>\s]*)>/gi,
    )) {
      const url = (match[1] ?? match[2] ?? '').trim()
      if (url === '' || url.startsWith('#')) continue
      if (!/^(https?:\/\/|mailto:)/i.test(url)) {
        problems.push(`Line ${index + 1}: the link "${url}" must start with https://, http:// or mailto:.`)
      }
    }
    if (/<\/?[a-z][^>]*>/i.test(line.replace(/<[a-z][a-z0-9+.-]*:[^>\s]*>/gi, ''))) {
      problems.push(`Line ${index + 1}: HTML is not allowed in the newsletter; it would be shown as text.`)
    }
  })
  if (fenced) problems.push(`Line ${fenceLine}: this code block is never closed (add a line with \`\`\`).`)
  return problems
}

/** Renders an issue for one recipient (`unsubscribeUrl` is theirs; a preview passes a sample). */
export function renderNewsletter(
  issue: NewsletterIssue,
  sender: NewsletterSender,
  unsubscribeUrl: string,
): RenderedNewsletter {
  return newsletterRenderer(issue, sender)(unsubscribeUrl)
}

/**
 * Renders an issue once for many recipients: the Markdown, the identity and the contact details
 * are the same for all of them, only the unsubscribe link differs. The returned function gives
 * each recipient's message, the same as `renderNewsletter` would (the sending worker, issue 14).
 */
export function newsletterRenderer(
  issue: NewsletterIssue,
  sender: NewsletterSender,
): (unsubscribeUrl: string) => RenderedNewsletter {
  const bodyHtml = styleMarkdownHtml(micromark(issue.body, { allowDangerousHtml: false }))
  const contacts = [sender.address, sender.phone, sender.email].filter((part) => part.trim() !== '')
  const why = `You receive this newsletter because you subscribed to ${sender.name} news and confirmed your address.`
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(issue.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLOURS.page};font-family:Helvetica,Arial,sans-serif;">`,
    issue.preheader
      ? `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(issue.preheader)}</div>`
      : '',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.page};padding:24px 12px;"><tr><td align="center">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border:1px solid ${COLOURS.line};">`,
    `<tr><td style="background:${COLOURS.accent};border-radius:8px 8px 0 0;padding:20px 28px;font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(sender.name)}</td></tr>`,
    `<tr><td style="padding:28px;font-size:15px;line-height:1.6;color:${COLOURS.ink};">`,
    bodyHtml,
    '</td></tr>',
    `<tr><td style="padding:20px 28px;border-top:1px solid ${COLOURS.line};font-size:13px;line-height:1.6;color:${COLOURS.muted};">`,
    `<strong style="color:${COLOURS.ink};">${escapeHtml(sender.name)}</strong><br>`,
    contacts.map(escapeHtml).join('<br>'),
    `<br><a href="${escapeHtml(sender.websiteUrl)}" style="color:${COLOURS.accent};">${escapeHtml(sender.websiteUrl)}</a>`,
    `<p style="margin:12px 0 0;font-size:12px;color:${COLOURS.muted};">${escapeHtml(why)}</p>`,
    `<p style="margin:12px 0 0;font-size:12px;"><a href="`,
  ]
    .filter(Boolean)
    .join('\n')
  const htmlAfter = [
    `" style="color:${COLOURS.muted};text-decoration:underline;">Unsubscribe</a> · no sign-in needed</p>`,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ].join('\n')
  const text = [
    issue.body.trim(),
    '',
    '--',
    sender.name,
    ...contacts,
    sender.websiteUrl,
    '',
    why,
    'Unsubscribe: ',
  ].join('\n')
  return (unsubscribeUrl) => ({
    subject: issue.subject,
    html: `${html}${escapeHtml(unsubscribeUrl)}${htmlAfter}`,
    text: `${text}${unsubscribeUrl}\n`,
  })
}

/** Inline styles for what micromark produces (mail clients ignore style sheets). */
function styleMarkdownHtml(html: string): string {
  const styles: Record<string, string> = {
    h1: `margin:0 0 16px;font-size:24px;line-height:1.3;color:${COLOURS.ink};`,
    h2: `margin:24px 0 12px;font-size:20px;line-height:1.3;color:${COLOURS.ink};`,
    h3: `margin:20px 0 8px;font-size:17px;color:${COLOURS.ink};`,
    p: 'margin:0 0 16px;',
    ul: 'margin:0 0 16px;padding-left:22px;',
    ol: 'margin:0 0 16px;padding-left:22px;',
    blockquote: `margin:0 0 16px;padding-left:14px;border-left:3px solid ${COLOURS.line};color:${COLOURS.muted};`,
    a: `color:${COLOURS.accent};`,
    pre: `margin:0 0 16px;padding:12px;background:${COLOURS.page};border-radius:6px;white-space:pre-wrap;`,
    hr: `border:0;border-top:1px solid ${COLOURS.line};margin:24px 0;`,
  }
  return html.replace(/<(h1|h2|h3|p|ul|ol|blockquote|a|pre|hr)(\s|>|\/)/g, (_, tag: string, next: string) => {
    return `<${tag} style="${styles[tag]}"${next === '>' ? '>' : next}`
  })
}
