import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANON, asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import {
  createNewsletterWorker,
  type NewsletterWorkerSettings,
} from '../../src/services/newsletter/worker.ts'
import { actAs } from '../rls/act-as.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_URL, type TestGateway } from '../support/gateway.ts'
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink.ts'
import { asUser, DEMO } from '../support/tokens.ts'

const SETTINGS: NewsletterWorkerSettings = {
  batchSize: 2,
  batchPauseMs: 0,
  pollMs: 20,
  leaseSeconds: 60,
  maxAttempts: 1,
  retrySeconds: 1,
}
const admin = asUser(DEMO.admin, { aal: 'aal2' })

/** Confirmed subscribers as the double opt-in leaves them (through the consent functions). */
async function confirmedSubscribers(gw: TestGateway, emails: string[]): Promise<void> {
  await asCaller(gw.db, SERVICE_ROLE, async (tx) => {
    for (const email of emails) {
      const { rows } = await tx.query<{ confirm_token: string }>(
        `select * from public.newsletter_request_subscription($1, 'homepage', 'I agree', '192.0.2.1', 'test')`,
        [email],
      )
      await tx.query('select * from public.newsletter_confirm_subscription($1)', [rows[0].confirm_token])
    }
  })
}

async function draftAndSend(gw: TestGateway, subject: string): Promise<string> {
  return asCaller(gw.db, admin, async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into public.newsletters (subject, body) values ($1, $2) returning id`,
      [subject, `# ${subject}\n\nNews from the **centre**.`],
    )
    await tx.query('select public.send_newsletter($1)', [rows[0].id])
    return rows[0].id
  })
}

async function deliveries(gw: TestGateway, newsletterId: string) {
  const { rows } = await gw.db.query<{ email: string; status: string; error: string | null }>(
    'select email, status, error from public.newsletter_deliveries where newsletter_id = $1 order by email',
    [newsletterId],
  )
  return rows
}

async function drain(worker: ReturnType<typeof createNewsletterWorker>): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await worker.runBatch()) === 0) return
  throw new Error('the queue did not drain')
}

describe.each(drivers)('the newsletter worker (%s)', (driver) => {
  let gw: TestGateway
  let sink: SmtpSink
  beforeAll(async () => {
    sink = await startSmtpSink({
      rejectRecipient: (address) => (address === 'full@example.com' ? '452 Mailbox full' : undefined),
    })
    gw = await createTestGateway(driver, { seed: true, env: { SMTP_URL: sink.url } })
    // Only this test's addresses: the seed's subscribers leave, their consent history stays.
    await gw.db.query(`update public.newsletter_subscribers set status = 'unsubscribed'`)
  })
  afterAll(async () => {
    await gw?.close()
    await sink?.close()
  })
  afterEach(() => {
    sink.messages.length = 0
  })

  it('mails the three confirmed subscribers and not the unconfirmed one, each once, with identity and unsubscribe', async () => {
    await confirmedSubscribers(gw, ['one@example.com', 'two@example.com', 'three@example.com'])
    await gw
      .client()
      .functions.invoke('newsletter-subscription', { body: { email: 'unconfirmed@example.com' } })
    sink.messages.length = 0 // the confirmation mail of the unconfirmed address
    const id = await draftAndSend(gw, 'November at Genesis Centre')
    await drain(createNewsletterWorker(gw.deps, SETTINGS))

    const to = sink.messages.map((m) => m.envelopeTo[0]).sort()
    expect(to).toEqual(['one@example.com', 'three@example.com', 'two@example.com'])
    const [mail] = sink.messages
    expect(mail.subject).toBe('November at Genesis Centre')
    expect(mail.html).toContain('<strong>centre</strong>')
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Genesis Centre')
      expect(part).toContain('011 274 5300')
      expect(part).toContain('info@genesis-centre.test')
      expect(part).toContain('12 Protea Avenue')
    }
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const link = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1] ?? ''
    expect(link.startsWith(`${TEST_URL}/functions/v1/newsletter-subscription/unsubscribe?token=`)).toBe(true)
    expect(mail.text).toContain(`Unsubscribe: ${link}`)

    expect((await deliveries(gw, id)).map((d) => d.status)).toEqual(['sent', 'sent', 'sent'])
    const { rows } = await gw.db.query(
      'select status, sent_at is not null as done from public.newsletters where id = $1',
      [id],
    )
    expect(rows[0]).toEqual({ status: 'sent', done: true })

    // One of them unsubscribes through the one-click link: the next issue does not reach them.
    const url = new URL(link)
    const response = await gw.app.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(response.status).toBe(200)
    sink.messages.length = 0
    const next = await draftAndSend(gw, 'December at Genesis Centre')
    await drain(createNewsletterWorker(gw.deps, SETTINGS))
    expect(sink.messages).toHaveLength(2)
    expect(sink.messages.map((m) => m.envelopeTo[0])).not.toContain(mail.envelopeTo[0])
    expect(await deliveries(gw, next)).toHaveLength(2)
    const ledger = await gw.db.query(
      `select event, source from public.newsletter_consent_events where email = $1 order by id desc limit 1`,
      [mail.envelopeTo[0]],
    )
    expect(ledger.rows).toEqual([{ event: 'opt_out', source: 'one-click unsubscribe' }])
    await gw.db.query(`update public.newsletter_subscribers set status = 'unsubscribed'`)
  })

  it('a refused recipient is marked failed with the reason and the others still get it; a retry sends only that one', async () => {
    await confirmedSubscribers(gw, ['a@example.com', 'full@example.com', 'z@example.com'])
    const id = await draftAndSend(gw, 'Refusals')
    await drain(createNewsletterWorker(gw.deps, SETTINGS))
    const rows = await deliveries(gw, id)
    expect(rows.map((r) => [r.email, r.status])).toEqual([
      ['a@example.com', 'sent'],
      ['full@example.com', 'failed'],
      ['z@example.com', 'sent'],
    ])
    expect(rows[1].error).toContain('Mailbox full')
    expect(sink.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(['a@example.com', 'z@example.com'])
    // Each message is in the mail module's outbox with its own outcome, linked from its delivery.
    // The row points at the issue and keeps the recipient's own unsubscribe link (the one in the
    // message and its List-Unsubscribe header), not a copy of the body (decision 033).
    const outbox = await gw.db.query(
      `select m.to_addresses, m.category, m.transport, m.status, m.provider_message_id is not null as has_id,
              m.error like '%Mailbox full%' as refused, m.newsletter_id = $1 as references_issue,
              m.text_body = '' and m.html_body = '' as body_not_copied,
              m.unsubscribe_url = $2 || '/functions/v1/newsletter-subscription/unsubscribe?token=' || s.unsubscribe_token
                as own_link
         from public.newsletter_deliveries d join private.mail_outbox m on m.id = d.outbox_id
         join public.newsletter_subscribers s on s.id = d.subscriber_id
        where d.newsletter_id = $1 order by d.email`,
      [id, TEST_URL],
    )
    const row = (to: string, status: string, ok: boolean) => ({
      to_addresses: [to],
      category: 'newsletter',
      transport: 'smtp',
      status,
      has_id: ok,
      refused: ok ? null : true,
      references_issue: true,
      body_not_copied: true,
      own_link: true,
    })
    const sentA = sink.messages.find((m) => m.envelopeTo[0] === 'a@example.com')
    const linkA = (
      await gw.db.query<{ unsubscribe_url: string }>(
        `select m.unsubscribe_url from public.newsletter_deliveries d join private.mail_outbox m on m.id = d.outbox_id
        where d.newsletter_id = $1 and d.email = 'a@example.com'`,
        [id],
      )
    ).rows[0].unsubscribe_url
    expect(sentA?.headers.get('list-unsubscribe')).toBe(`<${linkA}>`)
    expect(sentA?.text).toContain(`Unsubscribe: ${linkA}`)
    expect(outbox.rows).toEqual([
      row('a@example.com', 'sent', true),
      row('full@example.com', 'failed', false),
      row('z@example.com', 'sent', true),
    ])

    sink.messages.length = 0
    const retried = await asCaller(gw.db, admin, (tx) =>
      tx.query<{ n: number }>('select public.retry_failed_newsletter_deliveries($1) as n', [id]),
    )
    expect(retried.rows[0].n).toBe(1)
    await drain(createNewsletterWorker(gw.deps, SETTINGS))
    // The mail server still refuses it; nobody else is mailed again.
    expect(sink.messages).toHaveLength(0)
    expect((await deliveries(gw, id)).map((r) => r.status)).toEqual(['sent', 'failed', 'sent'])
    await gw.db.query(`update public.newsletter_subscribers set status = 'unsubscribed'`)
  })

  it("announces its progress on the issue's row, which realtime carries to the back office", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `progress${i}@example.com`)
    await confirmedSubscribers(gw, emails)
    const id = await draftAndSend(gw, 'Progress on the way')
    const changes = async () =>
      (
        await gw.db.query<{ type: string; status: string }>(
          `select type, record ->> 'status' as status from realtime.changes
            where table_name = 'newsletters' and record ->> 'id' = $1 order by id`,
          [id],
        )
      ).rows
    const before = (await changes()).length
    const worker = createNewsletterWorker(gw.deps, SETTINGS)
    // A full batch (2 of 5) is announced: the row changes while the issue is still sending.
    await worker.runBatch()
    const during = (await changes()).slice(before)
    expect(during).toEqual([{ type: 'UPDATE', status: 'sending' }])
    await drain(worker)
    const after = (await changes()).slice(before)
    expect(after.at(-1)).toEqual({ type: 'UPDATE', status: 'sent' })
    // Not an audit entry per batch: only the status change to sent is in the trail.
    const { rows: trail } = await gw.db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log where table_name = 'newsletters' and record_id = $1
          and action = 'update' and not ('status' = any (changed_fields))`,
      [id],
    )
    expect(trail[0].n).toBe(0)
    await gw.db.query(`update public.newsletter_subscribers set status = 'unsubscribed'`)
  })

  it('only the worker (the service role) may announce progress or record a delivery', async () => {
    const announce = `select public.newsletter_announce_progress(array(select id from public.newsletters))`
    const record = `select public.newsletter_record_delivery(null, 'w', false, null, null, 1, 1, gen_random_uuid(), 60)`
    const step = `select * from public.newsletter_delivery_step(null, 'w', false, null, null, null, 1, 1, gen_random_uuid(), 60, null)`
    for (const sql of [announce, record, step]) {
      for (const caller of [ANON, asUser(DEMO.tenantA), admin]) {
        expect(await actAs(gw.db, caller, sql), caller.role).toMatchObject({ ok: false, code: '42501' })
      }
      expect(await actAs(gw.db, SERVICE_ROLE, sql)).toMatchObject({ ok: true })
    }
  })

  it('a worker stopped half-way gives its batch back and another one finishes: everyone exactly once', async () => {
    const emails = Array.from({ length: 9 }, (_, i) => `reader${i}@example.com`)
    await confirmedSubscribers(gw, emails)
    const id = await draftAndSend(gw, 'Stopped half-way')
    const first = createNewsletterWorker(gw.deps, { ...SETTINGS, batchSize: 4 })
    await first.runBatch()
    const afterFirst = sink.messages.length
    expect(afterFirst).toBe(4)
    // Claims a batch, is told to stop after the message in hand.
    const stopping = first.runBatch()
    await sink.waitFor(afterFirst + 1)
    await first.stop()
    await stopping
    const second = createNewsletterWorker(gw.deps, { ...SETTINGS, batchSize: 4 })
    await drain(second)
    const counts = new Map<string, number>()
    for (const m of sink.messages) counts.set(m.envelopeTo[0], (counts.get(m.envelopeTo[0]) ?? 0) + 1)
    expect([...counts.keys()].sort()).toEqual([...emails].sort())
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    expect((await deliveries(gw, id)).every((d) => d.status === 'sent')).toBe(true)
  })
})
