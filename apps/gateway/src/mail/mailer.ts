import nodemailer, { type Transporter } from 'nodemailer'
import type { Logger } from 'pino'
import type { Database } from '../database/types.ts'

export interface MailMessage {
  to: string | string[]
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Overrides the configured sender. */
  from?: string
  /** What kind of mail this is (enquiry, newsletter-confirmation, auth-recovery, …), for the outbox. */
  category?: string
  /** Extra headers for SMTP delivery, e.g. `List-Unsubscribe` (RFC 8058). */
  headers?: Record<string, string>
}

export interface SentMail {
  id: string
  transport: 'smtp' | 'outbox'
  providerMessageId?: string
}

/** Delivery failed; `providerMessage` is what the mail server said (reported as provider_error). */
export class MailDeliveryError extends Error {
  readonly providerMessage: string
  readonly outboxId: string
  constructor(providerMessage: string, outboxId: string) {
    super(`Mail delivery failed: ${providerMessage}`)
    this.providerMessage = providerMessage
    this.outboxId = outboxId
  }
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox'
  /** Records the message in the outbox, then delivers it (SMTP) or leaves it there (no SMTP). */
  send(message: MailMessage): Promise<SentMail>
  /**
   * A session for many messages in a row (a newsletter batch): the same outbox and delivery, but
   * over SMTP one connection carries message after message instead of one connection each (a mail
   * server's greeting, and a provider's TLS handshake, cost far more than a message). The caller
   * closes it when the run ends.
   */
  bulk(): BulkMailer
}

export interface BulkMailer {
  send(message: MailMessage): Promise<SentMail>
  /** Ends the session (the SMTP connection closes once its last message is answered). */
  close(): void
}

export interface MailerSettings {
  db: Database
  logger: Logger
  from: string
  smtpUrl?: string
  /** Give up on an unresponsive SMTP server after this long (ms). */
  timeoutMs?: number
}

/** The one mail module (docs/product/README.md §6): SMTP when SMTP_URL is set, the outbox table otherwise. */
export function createMailer(settings: MailerSettings): Mailer {
  const timeout = settings.timeoutMs ?? 10_000
  const transporter: Transporter | undefined = settings.smtpUrl
    ? nodemailer.createTransport(smtpOptions(settings.smtpUrl, timeout))
    : undefined
  const smtpUrl = settings.smtpUrl
  return {
    transport: transporter ? 'smtp' : 'outbox',
    send: (message) => sendThrough(settings, transporter, message),
    bulk() {
      if (!smtpUrl) return { send: (message) => sendThrough(settings, undefined, message), close() {} }
      const session = nodemailer.createTransport(bulkSmtpOptions(smtpUrl, timeout))
      return { send: (message) => sendThrough(settings, session, message), close: () => session.close() }
    },
  }
}

/** Records the message in the outbox, then delivers it through `transporter` (or leaves it there). */
async function sendThrough(
  settings: MailerSettings,
  transporter: Transporter | undefined,
  message: MailMessage,
): Promise<SentMail> {
  const { db, logger, from } = settings
  const transport = transporter ? 'smtp' : 'outbox'
  const to = Array.isArray(message.to) ? message.to : [message.to]
  const sender = message.from ?? from
  const { rows } = await db.query<{ id: string }>(
    `insert into private.mail_outbox
       (to_addresses, from_address, reply_to, subject, text_body, html_body, category, transport, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      to,
      sender,
      message.replyTo ?? null,
      message.subject,
      message.text,
      message.html,
      message.category ?? 'general',
      transport,
      transporter ? 'pending' : 'logged',
    ],
  )
  const id = rows[0].id
  if (!transporter) {
    // With no mail server the log is where a developer reads the mail (and clicks its links).
    logger.info(
      {
        mail: id,
        to,
        replyTo: message.replyTo,
        subject: message.subject,
        category: message.category,
        text: message.text,
      },
      'mail written to outbox',
    )
    return { id, transport }
  }
  try {
    const info = await transporter.sendMail({
      from: sender,
      to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    })
    await db.query(
      `update private.mail_outbox set status = 'sent', sent_at = now(), provider_message_id = $2 where id = $1`,
      [id, info.messageId ?? null],
    )
    return { id, transport, providerMessageId: info.messageId }
  } catch (error) {
    const providerMessage = error instanceof Error ? error.message : String(error)
    await db
      .query(`update private.mail_outbox set status = 'failed', error = $2 where id = $1`, [
        id,
        providerMessage,
      ])
      .catch(() => undefined)
    logger.warn({ mail: id, to, err: providerMessage }, 'mail delivery failed')
    throw new MailDeliveryError(providerMessage, id)
  }
}

/** nodemailer options from an smtp:// or smtps:// URL, with bounded waits. */
function smtpOptions(url: string, timeoutMs: number) {
  const u = new URL(url)
  const secure = u.protocol === 'smtps:'
  return {
    host: u.hostname,
    port: Number(u.port || (secure ? 465 : 587)),
    secure,
    auth: u.username
      ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) }
      : undefined,
    // Plain SMTP on loopback or a local relay: upgrade to TLS only when the server offers it.
    ignoreTLS: u.searchParams.get('tls') === 'off',
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  }
}

/** The bulk session's options: one pooled connection, kept for as many messages as it sends. */
export function bulkSmtpOptions(url: string, timeoutMs: number) {
  return {
    ...smtpOptions(url, timeoutMs),
    pool: true,
    maxConnections: 1,
    maxMessages: Number.POSITIVE_INFINITY,
  }
}
