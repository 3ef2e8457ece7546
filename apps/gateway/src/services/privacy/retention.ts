import type { Logger } from 'pino'
import type { Config } from '../../config.ts'
import type { Database, Queryable } from '../../database/types.ts'

/**
 * Retention (issue 20, item 4; POPIA s14): every kind of personal information the product keeps
 * has a limit in days in the gateway's configuration; this job removes what is past it. It runs
 * inside the gateway on a schedule, in batches (one short transaction each, so it never holds
 * locks for long), and safely on several gateways at once: each batch takes a transaction-scoped
 * advisory lock per table; an instance that finds it taken leaves that table to the holder, which
 * goes on until nothing past the limit is left (and a row can only be deleted once anyway). It acts as the gateway's own login role, without JWT claims
 * (not an API write: the audit recorder skips it); the audit trail itself is pruned through the one
 * function its append-only trigger allows (migration 20261124800000).
 */
export type RetentionKind =
  | 'enquiries'
  | 'monitoring_events'
  | 'monitoring_errors'
  | 'mail_bodies'
  | 'audit_trail'
  | 'unconfirmed_subscribers'

/** What one run removed, per kind (rows deleted; for mail, bodies cleared). */
export type RetentionReport = Record<RetentionKind, number>

export type RetentionLimits = Record<RetentionKind, number>

interface KindPlan {
  kind: RetentionKind
  /** Removes at most `$2` rows older than `$1`; returns the count as `removed` in every row. */
  steps: string[]
}

const deleteOldest = (table: string, column = 'created_at') =>
  `with doomed as (
     select id from ${table} where ${column} < $1 order by ${column}, id limit $2
   ), gone as (
     delete from ${table} t using doomed where t.id = doomed.id returning 1
   )
   select count(*)::int as removed from gone`

const PLANS: KindPlan[] = [
  { kind: 'enquiries', steps: [deleteOldest('public.enquiries')] },
  {
    kind: 'monitoring_events',
    steps: [
      deleteOldest('public.analytics_events'),
      deleteOldest('public.monitoring_metrics'),
      deleteOldest('public.monitoring_actions'),
    ],
  },
  { kind: 'monitoring_errors', steps: [deleteOldest('public.monitoring_errors')] },
  {
    // The envelope (to, subject, status) stays as the record that a mail went out; the bodies,
    // which carry the personal details and sign-in links, are cleared; so is a newsletter message's
    // unsubscribe link (its body is the issue's, not copied: migration 20261130500000).
    kind: 'mail_bodies',
    steps: [
      `with doomed as (
         select id from private.mail_outbox
         where created_at < $1 and (text_body <> '' or html_body <> '' or unsubscribe_url is not null)
         order by created_at, id limit $2
       ), cleared as (
         update private.mail_outbox m set text_body = '', html_body = '', unsubscribe_url = null
         from doomed where m.id = doomed.id returning 1
       )
       select count(*)::int as removed from cleared`,
    ],
  },
  { kind: 'audit_trail', steps: ['select private.prune_audit_log($1, $2) as removed'] },
  {
    // Newsletter sign-ups never confirmed, counted from the last request; the consent ledger and
    // the deliveries keep only the address's hash (migration 20261127200100, decision 020).
    kind: 'unconfirmed_subscribers',
    steps: ['select private.prune_unconfirmed_subscribers($1, $2) as removed'],
  },
]

/**
 * Two-key advisory locks: this class id, then 10 × the kind's position in PLANS + the table's
 * (new kinds go at the end, so a gateway of the previous version takes the same locks).
 */
const LOCK_CLASS = 20261124

export const RETENTION_KINDS: RetentionKind[] = PLANS.map((p) => p.kind)

export function retentionLimits(config: Config): RetentionLimits {
  return {
    enquiries: config.RETENTION_ENQUIRIES_DAYS,
    monitoring_events: config.RETENTION_MONITORING_EVENTS_DAYS,
    monitoring_errors: config.RETENTION_MONITORING_ERRORS_DAYS,
    mail_bodies: config.RETENTION_MAIL_BODIES_DAYS,
    audit_trail: config.RETENTION_AUDIT_TRAIL_DAYS,
    unconfirmed_subscribers: config.RETENTION_UNCONFIRMED_SUBSCRIBERS_DAYS,
  }
}

export interface RetentionOptions {
  /** Days per kind; 0 keeps that kind for ever. */
  limits: RetentionLimits
  batchSize: number
  /** The clock (tests move it). */
  now?: () => Date
}

const DAY_MS = 86_400_000

/**
 * One pass over every kind: batches until nothing past the limit is left, or until another
 * gateway holds that kind's lock (it is then doing the same work). Returns what this instance
 * removed.
 */
export async function runRetention(db: Database, options: RetentionOptions): Promise<RetentionReport> {
  const now = (options.now ?? (() => new Date()))()
  const report = Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as RetentionReport
  for (const [index, plan] of PLANS.entries()) {
    const days = options.limits[plan.kind]
    if (days <= 0) continue
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString()
    for (const [stepIndex, step] of plan.steps.entries()) {
      // One lock per table: a kind of several tables is worked on by two instances at once only
      // on different tables.
      const lock = index * 10 + stepIndex
      for (;;) {
        const removed = await db.transaction((tx) => batch(tx, lock, step, cutoff, options.batchSize))
        if (removed === undefined) break
        report[plan.kind] += removed
        if (removed < options.batchSize) break
      }
    }
  }
  return report
}

/** One batch under the table's lock; undefined when another instance holds it. */
async function batch(
  tx: Queryable,
  lock: number,
  sql: string,
  cutoff: string,
  size: number,
): Promise<number | undefined> {
  const { rows } = await tx.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1, $2) as locked', [
    LOCK_CLASS,
    lock,
  ])
  if (!rows[0]?.locked) return undefined
  const result = await tx.query<{ removed: number }>(sql, [cutoff, size])
  return Number(result.rows[0]?.removed ?? 0)
}

export interface RetentionSchedule {
  /** Runs one pass now (also what the timer calls); passes never overlap within one instance. */
  runNow(): Promise<RetentionReport>
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>
}

/**
 * Runs the job every `intervalMs` (first after `firstDelayMs`), logging what each pass removed.
 * A failed pass is logged and the next one tries again.
 */
export function scheduleRetention(
  db: Database,
  logger: Logger,
  options: RetentionOptions & { intervalMs: number; firstDelayMs?: number },
): RetentionSchedule {
  let running: Promise<RetentionReport> | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined

  const runNow = (): Promise<RetentionReport> => {
    running ??= (async () => {
      try {
        const report = await runRetention(db, options)
        const total = Object.values(report).reduce((a, b) => a + b, 0)
        if (total > 0)
          logger.info({ removed: report }, 'retention: removed personal information past its limit')
        else logger.debug('retention: nothing past its limit')
        return report
      } finally {
        running = undefined
      }
    })()
    return running
  }

  const arm = (delay: number) => {
    if (stopped) return
    timer = setTimeout(() => {
      runNow()
        .catch((error: unknown) =>
          logger.warn({ err: error }, 'retention: pass failed, retrying at the next run'),
        )
        .finally(() => arm(options.intervalMs))
    }, delay)
    timer.unref()
  }
  if (options.intervalMs > 0) arm(options.firstDelayMs ?? 60_000)

  return {
    runNow,
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running?.catch(() => undefined)
    },
  }
}
