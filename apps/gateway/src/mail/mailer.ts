import type { Transporter } from 'nodemailer'
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
  /**
   * A newsletter issue for one recipient: its outbox row records the issue and the recipient's
   * unsubscribe link instead of a copy of the bodies (the same for every recipient but that link;
   * migration 20261130500000, decision 033).
   */
  newsletter?: { id: string; unsubscribeUrl: string }
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
  readonly transport: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<SentMail>
  /**
   * The outbox row `send` would write for `message`, for a caller that writes it itself in the same
   * statement as its own bookkeeping (the newsletter worker: one commit per message, see
   * public.newsletter_delivery_step) and then calls `transmit`.
   */
  outboxRow(message: MailMessage): OutboxRow
  /**
   * Delivers a message whose outbox row (`outboxRow`) the caller has written, and records nothing:
   * the caller records the outcome. Without SMTP the message stays in the outbox and is logged, as
   * with `send`. Rejects with MailDeliveryError (the server's reply, `outboxId`).
   */
  transmit(message: MailMessage, outboxId: string): Promise<SentMail>
  /** Ends the session (the SMTP connection closes once its last message is answered). */
  close(): void
}

/** A row of `private.mail_outbox` as the mail module writes it before delivery. */
export interface OutboxRow {
  to_addresses: string[]
  from_address: string
  reply_to: string | null
  subject: string
  text_body: string
  html_body: string
  category: string
  transport: 'smtp' | 'outbox'
  status: 'pending' | 'logged'
  /** A newsletter message: the issue it carried (text_body and html_body are then empty). */
  newsletter_id: string | null
  /** A newsletter message: the recipient's unsubscribe link as sent. */
  unsubscribe_url: string | null
}

export interface MailerSettings {
  db: Database
  logger: Logger
  from: string
  smtpUrl?: string
  /** Give up on an unresponsive SMTP server after this long (ms). */
  timeoutMs?: number
}

/**
 * An SMTP transport made on its first message: nodemailer is loaded then (importing it costs some
 * 5 MB of V8 heap, and a gateway may run for days without sending a mail; decision 042). The
 * options are worked out at once, so a malformed SMTP_URL still fails at start.
 */
interface LazyTransporter {
  get(): Promise<Transporter>
  /** Closes the transport if it was made (a pooled one once its last message is answered). */
  close(): void
}

function lazyTransporter(options: ReturnType<typeof smtpOptions>): LazyTransporter {
  let made: Promise<Transporter> | undefined
  return {
    get: () =>
      (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options))),
    close: () => {
      void made?.then((transporter) => transporter.close())
    },
  }
}

/** The one mail module (docs/product/README.md §6): SMTP when SMTP_URL is set, the outbox table otherwise. */
export function createMailer(settings: MailerSettings): Mailer {
  const timeout = settings.timeoutMs ?? 10_000
  const transporter = settings.smtpUrl ? lazyTransporter(smtpOptions(settings.smtpUrl, timeout)) : undefined
  const smtpUrl = settings.smtpUrl
  return {
    transport: transporter ? 'smtp' : 'outbox',
    send: (message) => sendThrough(settings, transporter, message),
    bulk() {
      const session = smtpUrl ? lazyTransporter(bulkSmtpOptions(smtpUrl, timeout)) : undefined
      const transport = session ? 'smtp' : 'outbox'
      return {
        transport,
        send: (message) => sendThrough(settings, session, message),
        outboxRow: (message) => outboxRow(settings, transport, message),
        transmit: (message, outboxId) => transmit(settings, session, message, outboxId),
        close: () => session?.close(),
      }
    },
  }
}

function outboxRow(settings: MailerSettings, transport: 'smtp' | 'outbox', message: MailMessage): OutboxRow {
  return {
    to_addresses: Array.isArray(message.to) ? message.to : [message.to],
    from_address: message.from ?? settings.from,
    reply_to: message.replyTo ?? null,
    subject: message.subject,
    text_body: message.newsletter ? '' : message.text,
    html_body: message.newsletter ? '' : message.html,
    category: message.category ?? 'general',
    transport,
    status: transport === 'smtp' ? 'pending' : 'logged',
    newsletter_id: message.newsletter?.id ?? null,
    unsubscribe_url: message.newsletter?.unsubscribeUrl ?? null,
  }
}

/** Records the message in the outbox, then delivers it through `transporter` (or leaves it there). */
async function sendThrough(
  settings: MailerSettings,
  transporter: LazyTransporter | undefined,
  message: MailMessage,
): Promise<SentMail> {
  const { db } = settings
  const row = outboxRow(settings, transporter ? 'smtp' : 'outbox', message)
  const { rows } = await db.query<{ id: string }>(
    `insert into private.mail_outbox
       (to_addresses, from_address, reply_to, subject, text_body, html_body, category, transport, status,
        newsletter_id, unsubscribe_url)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
    [
      row.to_addresses,
      row.from_address,
      row.reply_to,
      row.subject,
      row.text_body,
      row.html_body,
      row.category,
      row.transport,
      row.status,
      row.newsletter_id,
      row.unsubscribe_url,
    ],
  )
  const id = rows[0].id
  try {
    const sent = await transmit(settings, transporter, message, id)
    if (transporter) {
      await db.query(
        `update private.mail_outbox set status = 'sent', sent_at = now(), provider_message_id = $2 where id = $1`,
        [id, sent.providerMessageId ?? null],
      )
    }
    return sent
  } catch (error) {
    if (error instanceof MailDeliveryError) {
      await db
        .query(`update private.mail_outbox set status = 'failed', error = $2 where id = $1`, [
          id,
          error.providerMessage,
        ])
        .catch(() => undefined)
    }
    throw error
  }
}

/** Hands a message already in the outbox (row `id`) to the mail server, or only logs it without one. */
async function transmit(
  settings: MailerSettings,
  transporter: LazyTransporter | undefined,
  message: MailMessage,
  id: string,
): Promise<SentMail> {
  const { logger } = settings
  const to = Array.isArray(message.to) ? message.to : [message.to]
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
    return { id, transport: 'outbox' }
  }
  try {
    const info = await (await transporter.get()).sendMail({
      from: message.from ?? settings.from,
      to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: message.headers,
    })
    return { id, transport: 'smtp', providerMessageId: info.messageId }
  } catch (error) {
    const providerMessage = error instanceof Error ? error.message : String(error)
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
