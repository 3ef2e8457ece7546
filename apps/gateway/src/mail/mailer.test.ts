import pino from 'pino'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, drivers, type TestDatabase } from '../../test/support/database.ts'
import { closedSmtpUrl, type SmtpSink, startSmtpSink } from '../../test/support/smtp-sink.ts'
import { createMailer, MailDeliveryError } from './mailer.ts'

const logger = pino({ level: 'silent' })
const FROM = 'Genesis Centre <no-reply@genesis-centre.test>'
const message = {
  to: 'visitor@example.com',
  subject: 'Hello from the centre',
  text: 'Plain body',
  html: '<p>HTML body</p>',
  replyTo: 'leasing@genesis-centre.test',
  category: 'test',
  headers: { 'List-Unsubscribe': '<https://genesis.example/unsubscribe?token=abc>' },
}

describe.each(drivers)('mailer (%s)', (driver) => {
  let db: TestDatabase
  let sink: SmtpSink
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(() => db.close())
  afterEach(async () => {
    await sink?.close()
    await db.query('delete from private.mail_outbox')
  })

  async function outbox() {
    const { rows } = await db.query<{
      to_addresses: string[]
      reply_to: string | null
      subject: string
      transport: string
      status: string
      error: string | null
      category: string
    }>('select to_addresses, reply_to, subject, transport, status, error, category from private.mail_outbox')
    return rows
  }

  it('without SMTP_URL writes the message to the outbox and reports the outbox transport', async () => {
    const mailer = createMailer({ db, logger, from: FROM })
    const sent = await mailer.send(message)
    expect(sent.transport).toBe('outbox')
    expect(await outbox()).toEqual([
      {
        to_addresses: ['visitor@example.com'],
        reply_to: 'leasing@genesis-centre.test',
        subject: 'Hello from the centre',
        transport: 'outbox',
        status: 'logged',
        error: null,
        category: 'test',
      },
    ])
  })

  it('without SMTP_URL also prints the message to the log, so a developer can read it', async () => {
    const lines: string[] = []
    const captured = pino({ level: 'info' }, { write: (line: string) => lines.push(line) })
    await createMailer({ db, logger: captured, from: FROM }).send(message)
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0])).toMatchObject({
      msg: 'mail written to outbox',
      to: ['visitor@example.com'],
      subject: 'Hello from the centre',
      text: 'Plain body',
    })
  })

  it('with SMTP delivers to the server (sender, recipient, reply-to, headers, both bodies) and records it as sent', async () => {
    sink = await startSmtpSink()
    const mailer = createMailer({ db, logger, from: FROM, smtpUrl: sink.url })
    const sent = await mailer.send(message)
    expect(sent.transport).toBe('smtp')
    const [mail] = await sink.waitFor(1)
    expect(mail.envelopeFrom).toBe('no-reply@genesis-centre.test')
    expect(mail.envelopeTo).toEqual(['visitor@example.com'])
    expect(mail.headers.get('reply-to')).toBe('leasing@genesis-centre.test')
    expect(mail.headers.get('list-unsubscribe')).toBe('<https://genesis.example/unsubscribe?token=abc>')
    expect(mail.subject).toBe('Hello from the centre')
    expect(mail.text.trim()).toBe('Plain body')
    expect(mail.html.trim()).toBe('<p>HTML body</p>')
    expect(await outbox()).toMatchObject([{ transport: 'smtp', status: 'sent', error: null }])
  })

  it('when the server refuses the message, throws MailDeliveryError with its reply and records the failure', async () => {
    sink = await startSmtpSink({ reject: 'Mailbox unavailable' })
    const mailer = createMailer({ db, logger, from: FROM, smtpUrl: sink.url })
    const error = await mailer.send(message).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MailDeliveryError)
    expect((error as MailDeliveryError).providerMessage).toContain('Mailbox unavailable')
    const [row] = await outbox()
    expect(row).toMatchObject({ transport: 'smtp', status: 'failed' })
    expect(row.error).toContain('Mailbox unavailable')
  })

  it('when no server listens, throws MailDeliveryError and keeps the message in the outbox as failed', async () => {
    const mailer = createMailer({ db, logger, from: FROM, smtpUrl: await closedSmtpUrl(), timeoutMs: 2000 })
    const error = await mailer.send(message).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MailDeliveryError)
    expect((error as MailDeliveryError).providerMessage).toMatch(/ECONNREFUSED|connect/i)
    expect(await outbox()).toMatchObject([{ status: 'failed', subject: 'Hello from the centre' }])
  })
})
