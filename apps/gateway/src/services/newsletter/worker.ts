import { randomUUID } from 'node:crypto'
import {
  type NewsletterIssue,
  newsletterRenderer,
  type RenderedNewsletter,
} from '@genesis/contracts/newsletter-email'
import type { Config } from '../../config.ts'
import { readCentreContacts } from '../../database/read-centre-contacts.ts'
import { asCaller, SERVICE_ROLE } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { emailBrand } from '../../mail/email-brand.ts'
import { type BulkMailer, MailDeliveryError, type MailMessage } from '../../mail/mailer.ts'

/**
 * The newsletter sender (issue 14; docs/decisions/017): works the queue in
 * `public.newsletter_deliveries` in batches. Every step is a function of the database called as
 * the service role, so the queue's rules live there: a batch is claimed with FOR UPDATE SKIP LOCKED
 * under a lease, each delivery is marked `sending` (committed, with its outbox row) before it goes
 * to the mail server and `sent` or `failed` after, in the statement that begins the next one.
 * Killed at any moment, the worker leaves at most one delivery `sending` (it becomes failed,
 * "interrupted", not resent) and its other claims return to the queue when the lease expires; a
 * new worker (after a restart) finishes the issue.
 */
export interface NewsletterWorkerSettings {
  batchSize: number
  batchPauseMs: number
  pollMs: number
  leaseSeconds: number
  maxAttempts: number
  retrySeconds: number
}

export function workerSettings(config: Config): NewsletterWorkerSettings {
  return {
    batchSize: config.NEWSLETTER_BATCH_SIZE,
    batchPauseMs: config.NEWSLETTER_BATCH_PAUSE_MS,
    pollMs: config.NEWSLETTER_POLL_MS,
    leaseSeconds: config.NEWSLETTER_LEASE_SECONDS,
    maxAttempts: config.NEWSLETTER_MAX_ATTEMPTS,
    retrySeconds: config.NEWSLETTER_RETRY_SECONDS,
  }
}

export interface NewsletterWorker {
  readonly id: string
  /** Starts working the queue until `stop()`. */
  start(): void
  /** One batch: starts due scheduled issues, claims, sends, completes. Returns how many were claimed. */
  runBatch(): Promise<number>
  /** Finishes the message in hand, gives back the rest of its batch, and resolves when idle. */
  stop(): Promise<void>
}

/** Progress of a sending issue reaches the back office about this often (realtime). */
const ANNOUNCE_EVERY_MS = 1000

interface Claimed {
  id: string
  newsletter_id: string
  email: string
  unsubscribe_token: string | null
  attempts: number
}

/** How one message went: `outbox` is its row in the mail module's outbox (null when none went out). */
interface Outcome {
  ok: boolean
  failure: string | null
  outbox: string | null
  providerMessageId: string | null
}
type Finished = Outcome & { delivery: Claimed }

/** An issue rendered for the batch: one recipient's message from their unsubscribe link. */
type Render = (unsubscribeUrl: string) => RenderedNewsletter

/** The delivery's subscriber or issue is gone: nothing to send (recorded as a failure). */
const NOTHING_TO_SEND = 'The newsletter or the subscriber no longer exists'

export function createNewsletterWorker(
  deps: Deps,
  settings: NewsletterWorkerSettings = workerSettings(deps.config),
): NewsletterWorker {
  const id = `gateway-${process.pid}-${randomUUID().slice(0, 8)}`
  const { db, logger, mailer, config } = deps
  const asService = <T>(sql: string, params: unknown[] = []) =>
    asCaller(db, SERVICE_ROLE, async (tx) => (await tx.query<T>(sql, params)).rows)
  let stopping = false
  let loop: Promise<void> | undefined
  let wake: (() => void) | undefined
  /** The mail session batches share while they follow each other. */
  let bulk: BulkMailer | undefined
  /** Batches in progress. */
  let running = 0
  const closeSession = () => {
    bulk?.close()
    bulk = undefined
  }
  /** When each issue's progress was last announced (ms). */
  const announced = new Map<string, number>()

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })

  async function runBatch(): Promise<number> {
    running += 1
    try {
      return await workBatch()
    } finally {
      running -= 1
    }
  }

  async function workBatch(): Promise<number> {
    await asService('select public.newsletter_start_due()')
    const claimed = await asService<Claimed>('select * from public.newsletter_claim_batch($1, $2, $3)', [
      id,
      settings.batchSize,
      settings.leaseSeconds,
    ])
    if (claimed.length > 0) {
      // Each issue of the batch is rendered once (Markdown, identity, contact details); each
      // recipient's message only adds their unsubscribe link.
      const sender = emailBrand(await readCentreContacts(db), config.siteUrl)
      const issues = new Map<string, Render>()
      for (const newsletterId of new Set(claimed.map((c) => c.newsletter_id))) {
        const [row] = await asService<NewsletterIssue>(
          'select subject, preheader, body from public.newsletters where id = $1',
          [newsletterId],
        )
        if (row) issues.set(newsletterId, newsletterRenderer(row, sender))
      }
      // One SMTP connection while batches follow each other (closed once the queue is empty for
      // now, or on stop). Each message costs one statement: it records how the previous message
      // went and marks this one `sending` with its outbox row, committed before it goes out.
      bulk ??= mailer.bulk()
      const session = bulk
      let finished: Finished | undefined
      try {
        for (const delivery of claimed) {
          if (stopping) break
          let mail: MailMessage | undefined
          try {
            mail = compose(delivery, issues.get(delivery.newsletter_id))
          } catch (error) {
            // A rendering fault: the previous outcome is recorded before the batch gives up.
            await step(finished, undefined, undefined, session)
            finished = undefined
            throw error
          }
          const begun = await step(finished, delivery, mail, session)
          finished = undefined
          if (!begun.held) continue
          finished = { delivery, ...(await deliver(session, mail, begun.outbox)) }
        }
        if (finished) await step(finished, undefined, undefined, session)
      } catch (error) {
        closeSession()
        throw error
      }
      if (stopping || claimed.length < settings.batchSize) closeSession()
      if (stopping) await asService('select public.newsletter_release_claims($1)', [id])
      await announceProgress([...issues.keys()], claimed.length < settings.batchSize)
    }
    await asService('select public.newsletter_complete_finished()')
    return claimed.length
  }

  /**
   * Touches the issues' rows so realtime tells the back office that their counts moved (the
   * deliveries themselves are not watched, migration 20261127200200): about once a second per
   * issue while batches follow each other, and always after a batch that emptied the queue for now.
   */
  async function announceProgress(issueIds: string[], drained: boolean): Promise<void> {
    const now = Date.now()
    const due = issueIds.filter((issue) => drained || now - (announced.get(issue) ?? 0) >= ANNOUNCE_EVERY_MS)
    if (due.length === 0) return
    for (const issue of due) announced.set(issue, now)
    await asService('select public.newsletter_announce_progress($1::uuid[])', [due])
  }

  /**
   * One statement and one commit (public.newsletter_delivery_step, migration 20261128200000), run
   * as the gateway's own role like the statement worker: records how the previous message went
   * (`sent`, or `failed`/queued for a retry with the server's reason, on the delivery and on its
   * outbox row), then marks `next` as `sending` and writes its outbox row. Says whether this worker
   * still holds `next`, and the outbox row's id.
   */
  async function step(
    previous: Finished | undefined,
    next: Claimed | undefined,
    mail: MailMessage | undefined,
    session: BulkMailer,
  ): Promise<{ held: boolean; outbox: string | null }> {
    const { rows } = await db.query<{ held: boolean; outbox_id: string | null }>(
      'select * from public.newsletter_delivery_step($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
      [
        previous?.delivery.id ?? null,
        id,
        previous?.ok ?? false,
        previous?.failure ?? null,
        previous?.outbox ?? null,
        previous?.providerMessageId ?? null,
        settings.maxAttempts,
        settings.retrySeconds,
        next?.id ?? null,
        settings.leaseSeconds,
        mail ? JSON.stringify(session.outboxRow(mail)) : null,
      ],
    )
    return { held: rows[0]?.held === true, outbox: rows[0]?.outbox_id ?? null }
  }

  /** The message for one delivery, or undefined when its issue or subscriber is gone. */
  function compose(delivery: Claimed, render: Render | undefined): MailMessage | undefined {
    if (!render || !delivery.unsubscribe_token) return undefined
    const unsubscribeUrl = `${config.siteUrl}/functions/v1/newsletter-subscription/unsubscribe?token=${delivery.unsubscribe_token}`
    const mail = render(unsubscribeUrl)
    return {
      to: delivery.email,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      category: 'newsletter',
      // The outbox keeps the issue and this link, not a copy of the bodies (decision 033).
      newsletter: { id: delivery.newsletter_id, unsubscribeUrl },
      headers: {
        'List-Unsubscribe': `<${unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }
  }

  /** Hands one message (already `sending`, its outbox row written) to the mail server; says how it went. */
  async function deliver(
    session: BulkMailer,
    mail: MailMessage | undefined,
    outbox: string | null,
  ): Promise<Outcome> {
    if (!mail || !outbox)
      return { ok: false, failure: NOTHING_TO_SEND, outbox: null, providerMessageId: null }
    try {
      const sent = await session.transmit(mail, outbox)
      return { ok: true, failure: null, outbox, providerMessageId: sent.providerMessageId ?? null }
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error
      return { ok: false, failure: error.providerMessage, outbox, providerMessageId: null }
    }
  }

  async function work(): Promise<void> {
    logger.info({ worker: id, batchSize: settings.batchSize }, 'newsletter worker started')
    while (!stopping) {
      let claimed = 0
      try {
        claimed = await runBatch()
      } catch (error) {
        // A database or rendering fault: log it and try again later; the queue keeps the work.
        logger.error({ err: error, worker: id }, 'newsletter batch failed')
      }
      if (stopping) break
      await sleep(claimed >= settings.batchSize ? settings.batchPauseMs : settings.pollMs)
    }
  }

  return {
    id,
    start() {
      loop ??= work()
    },
    runBatch,
    async stop() {
      stopping = true
      wake?.()
      await loop
      // A batch still running (called directly) closes the session itself once its message in
      // hand is answered: closing it here could cut that message off.
      if (running === 0) closeSession()
      await asService('select public.newsletter_release_claims($1)', [id]).catch(() => undefined)
    },
  }
}
