import type { EmailContent } from '@genesis/contracts/email-content'

/**
 * Who sends the mail, shown in every message's header and footer. Built from `centre_settings`
 * (see `emailBrand`), so no template names the centre or its contacts by itself.
 */
export interface EmailBrand {
  name: string
  address: string
  phone: string
  email: string
  websiteUrl: string
}

/**
 * How any part of the gateway sends a mail in the centre's layout (auth mails included):
 *
 * ```ts
 * const centre = await readCentreContacts(deps.db)
 * const { html, text } = renderEmail(
 *   { heading: 'Reset your password', paragraphs: ['…'], button: { label: 'Choose a new password', url } },
 *   emailBrand(centre, deps.config.siteUrl),
 * )
 * await deps.mailer.send({ to, subject: `Reset your ${centre.centre_name} password`, html, text, category: 'auth-recovery' })
 * ```
 */
export interface RenderedEmail {
  html: string
  text: string
}

const COLOURS = { accent: '#0f766e', ink: '#1f2937', muted: '#6b7280', line: '#e5e7eb', page: '#f6f7f9' }

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch])
}

/** Multi-line values (a visitor's message) keep their line breaks in HTML. */
function escapeMultiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, '<br>')
}

function safeUrl(url: string): string {
  const parsed = new URL(url)
  // A javascript: or data: URL in a mail would be an injection, whoever supplied it.
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`E-mail links must be http(s), got ${parsed.protocol}`)
  }
  return parsed.toString()
}

/**
 * Renders one message as HTML (a simple single-column layout with inline styles, which is what
 * mail clients render reliably) and as plain text with the same content. Generic: enquiries,
 * newsletter confirmations and auth mails all use it.
 */
export function renderEmail(content: EmailContent, brand: EmailBrand): RenderedEmail {
  const details = (content.details ?? []).filter(
    (row): row is [string, string] => typeof row[1] === 'string' && row[1].trim() !== '',
  )
  const button = content.button
    ? { label: content.button.label, url: safeUrl(content.button.url) }
    : undefined
  const footerLinks = (content.footerLinks ?? []).map((link) => ({
    label: link.label,
    url: safeUrl(link.url),
  }))
  const contacts = [brand.address, brand.phone, brand.email].filter((part) => part.trim() !== '')

  const p = (inner: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${COLOURS.ink};${style}">${inner}</p>`
  const htmlParts = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLOURS.page};font-family:Helvetica,Arial,sans-serif;">`,
    content.preheader
      ? `<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.preheader)}</div>`
      : '',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLOURS.page};padding:24px 12px;"><tr><td align="center">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px;border:1px solid ${COLOURS.line};">`,
    `<tr><td style="background:${COLOURS.accent};border-radius:8px 8px 0 0;padding:20px 28px;font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(brand.name)}</td></tr>`,
    '<tr><td style="padding:28px;">',
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${COLOURS.ink};">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((text) => p(escapeMultiline(text))),
    details.length > 0
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin:0 0 20px;border-collapse:collapse;">${details
          .map(
            ([label, value]) =>
              `<tr><td style="padding:8px 12px 8px 0;border-top:1px solid ${COLOURS.line};font-size:14px;color:${COLOURS.muted};vertical-align:top;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:8px 0;border-top:1px solid ${COLOURS.line};font-size:14px;color:${COLOURS.ink};">${escapeMultiline(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    button
      ? `<p style="margin:8px 0 24px;"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:${COLOURS.accent};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 22px;border-radius:6px;">${escapeHtml(button.label)}</a></p>`
      : '',
    '</td></tr>',
    `<tr><td style="padding:20px 28px;border-top:1px solid ${COLOURS.line};font-size:13px;line-height:1.6;color:${COLOURS.muted};">`,
    `<strong style="color:${COLOURS.ink};">${escapeHtml(brand.name)}</strong><br>`,
    contacts.map(escapeHtml).join('<br>'),
    `<br><a href="${escapeHtml(safeUrl(brand.websiteUrl))}" style="color:${COLOURS.accent};">${escapeHtml(brand.websiteUrl)}</a>`,
    ...(content.footer ?? []).map(
      (line) =>
        `<p style="margin:12px 0 0;font-size:12px;color:${COLOURS.muted};">${escapeMultiline(line)}</p>`,
    ),
    footerLinks.length > 0
      ? `<p style="margin:12px 0 0;font-size:12px;">${footerLinks
          .map(
            (link) =>
              `<a href="${escapeHtml(link.url)}" style="color:${COLOURS.muted};text-decoration:underline;">${escapeHtml(link.label)}</a>`,
          )
          .join(' · ')}</p>`
      : '',
    '</td></tr></table>',
    '</td></tr></table>',
    '</body></html>',
  ]

  const labelWidth = Math.max(0, ...details.map(([label]) => label.length))
  const textParts = [
    content.heading,
    '='.repeat(Math.min(content.heading.length, 72)),
    '',
    ...content.paragraphs.flatMap((text) => [text, '']),
    ...(details.length > 0
      ? [...details.map(([label, value]) => `${`${label}:`.padEnd(labelWidth + 2)}${value}`), '']
      : []),
    ...(button ? [`${button.label}: ${button.url}`, ''] : []),
    '--',
    brand.name,
    ...contacts,
    brand.websiteUrl,
    ...(content.footer && content.footer.length > 0 ? ['', ...content.footer] : []),
    ...(footerLinks.length > 0 ? ['', ...footerLinks.map((link) => `${link.label}: ${link.url}`)] : []),
  ]

  return { html: htmlParts.filter(Boolean).join('\n'), text: `${textParts.join('\n')}\n` }
}
