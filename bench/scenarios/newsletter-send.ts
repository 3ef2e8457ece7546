import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type NewsletterIssue, renderNewsletter } from '@genesis/contracts/newsletter-email'
import nodemailer from 'nodemailer'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { readCentreContacts } from '../../apps/gateway/src/database/read-centre-contacts.ts'
import { asCaller, SERVICE_ROLE } from '../../apps/gateway/src/database/request-scope.ts'
import { seedDemo } from '../../apps/gateway/src/database/seed.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'
import { emailBrand } from '../../apps/gateway/src/mail/email-brand.ts'
import { bulkSmtpOptions } from '../../apps/gateway/src/mail/mailer.ts'
import { createNewsletterWorker, workerSettings } from '../../apps/gateway/src/services/newsletter/worker.ts'
import { startCountingSmtp } from '../support/counting-smtp.ts'

const SUBSCRIBERS = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 10_000)
const SITE_URL = 'http://127.0.0.1:8080'
const ISSUE: NewsletterIssue = {
  subject: 'Summer at Genesis Centre',
  preheader: 'Markets, late trading and a new coffee roaster',
  body: [
    '# Summer at Genesis Centre',
    '',
    'The **piazza market** is back every Saturday from 08:00, with [forty stalls](https://example.com/market).',
    '',
    '- Late trading on Thursdays until 21:00',
    '- Bean Theory Coffee now roasts on site',
    '- Free parking for the first hour',
    '',
    'See you at the centre!',
  ].join('\n'),
}

/**
 * A newsletter to 10,000 confirmed subscribers (issue 14, "Speed"): the gateway's real sending
 * worker (apps/gateway/src/services/newsletter/worker.ts) works the PostgreSQL queue of an issue
 * sent with `public.send_newsletter` (queueing included in its time), through the mail module
 * (outbox row, then SMTP), against the baseline of a plain loop that renders the same messages
 * and sends them with the same mail library (nodemailer, the mail module's transport options) to
 * the same loopback `smtp-server`. The issue asks for at least 0.5× the baseline's rate.
 *
 * The baseline renders every message from the Markdown (`renderNewsletter`); the worker renders
 * each issue once per batch and adds each recipient's link (`newsletterRenderer`, decision 033),
 * which is part of its rate. The messages are the same bytes either way.
 *
 * The worker runs with the gateway's default NEWSLETTER_* settings (config.ts: batches of 100, no
 * pause); set them in the environment to measure another configuration, e.g. a provider's
 * throttle (NEWSLETTER_BATCH_PAUSE_MS). BENCH_NEWSLETTER_SUBSCRIBERS changes the list's size.
 */
export default async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-newsletter-'))
  const smtp = await startCountingSmtp()
  const db = await openPglite()
  try {
    await migrate(db)
    await seedDemo(db)
    // Only the bench's readers: the demo's subscribers leave the list.
    await db.exec(
      `update public.newsletter_subscribers set status = 'unsubscribed' where status <> 'unsubscribed'`,
    )
    // 10,000 confirmed subscribers, in bulk (each with its entry in the consent ledger).
    await db.query(
      `insert into public.newsletter_subscribers (email, source, consent_text, status)
       select 'reader' || g || '@example.com', 'homepage',
              'I agree to receive news about stores and events at Genesis Centre.', 'subscribed'
         from generate_series(1, $1::int) g`,
      [SUBSCRIBERS],
    )
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('NEWSLETTER_')),
    ) as Record<string, string>
    const config = loadConfig({ ...env, DATA_DIR: dir, LOG_LEVEL: 'silent', SITE_URL, SMTP_URL: smtp.url })
    const keys = await keysFromSecret('bench-secret-bench-secret-bench-secret-0123')
    const deps = createDeps({ config, db, keys })
    const settings = workerSettings(config)

    // Baseline: a plain loop over the same recipients, rendering and sending each message with
    // nodemailer over the transport options of the mail module's bulk session (one SMTP
    // connection for every message: smtp-server waits 100 ms before greeting a new connection,
    // which would otherwise be most of what either side measures).
    const { rows: recipients } = await db.query<{ email: string; unsubscribe_token: string }>(
      `select email, unsubscribe_token from public.newsletter_subscribers
        where status = 'subscribed' and confirmed_at is not null order by email`,
    )
    if (recipients.length !== SUBSCRIBERS) throw new Error(`expected ${SUBSCRIBERS} subscribers`)
    const sender = emailBrand(await readCentreContacts(db), SITE_URL)
    const transporter = nodemailer.createTransport(bulkSmtpOptions(smtp.url, config.SMTP_TIMEOUT_MS))
    const plainLoop = async (part: typeof recipients): Promise<number> => {
      const started = performance.now()
      for (const r of part) {
        const unsubscribeUrl = `${SITE_URL}/functions/v1/newsletter-subscription/unsubscribe?token=${r.unsubscribe_token}`
        const mail = renderNewsletter(ISSUE, sender, unsubscribeUrl)
        await transporter.sendMail({
          from: config.MAIL_FROM,
          to: r.email,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: {
            'List-Unsubscribe': `<${unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        })
      }
      return performance.now() - started
    }
    // Half of the baseline runs before the worker and half after it, so a change in the machine's
    // load during the run weighs on both sides.
    const half = Math.ceil(SUBSCRIBERS / 2)
    let loopMs = await plainLoop(recipients.slice(0, half))
    if (smtp.received() !== half) throw new Error(`the baseline delivered ${smtp.received()}`)

    // The worker, already running as in the gateway, gets the issue when centre management sends it.
    const worker = createNewsletterWorker(deps, settings)
    worker.start()
    const start = performance.now()
    const id = await asCaller(db, SERVICE_ROLE, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        'insert into public.newsletters (subject, preheader, body) values ($1, $2, $3) returning id',
        [ISSUE.subject, ISSUE.preheader, ISSUE.body],
      )
      await tx.query('select public.send_newsletter($1)', [rows[0].id])
      return rows[0].id
    })
    // Waits for the issue to be sent (a bench may watch the clock; bounded by the worker's own pace).
    for (;;) {
      const { rows } = await db.query<{ status: string }>(
        'select status from public.newsletters where id = $1',
        [id],
      )
      if (rows[0].status === 'sent') break
      await new Promise((r) => setTimeout(r, 100))
    }
    const workerMs = performance.now() - start
    await worker.stop()
    loopMs += await plainLoop(recipients.slice(half))
    transporter.close()
    const { rows: outcome } = await db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from public.newsletter_deliveries where newsletter_id = $1 group by status`,
      [id],
    )
    const sent = outcome.find((o) => o.status === 'sent')?.n ?? 0
    if (sent !== SUBSCRIBERS || smtp.received() !== 2 * SUBSCRIBERS) {
      throw new Error(
        `the worker sent ${sent} (${JSON.stringify(outcome)}), the server got ${smtp.received()}`,
      )
    }

    const rate = (ms: number) => SUBSCRIBERS / (ms / 1000)
    console.table([
      {
        step: `${SUBSCRIBERS} subscribers, batch ${settings.batchSize}, pause ${settings.batchPauseMs} ms`,
        'worker msg/s': rate(workerMs).toFixed(1),
        'plain loop msg/s': rate(loopMs).toFixed(1),
        'worker / loop (target ≥ 0.5)': (rate(workerMs) / rate(loopMs)).toFixed(2),
      },
    ])
  } finally {
    await smtp.close()
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
