import type { Logger } from 'pino'
import { z } from 'zod'
import { type KeptListener, keepListening } from '../../database/kept-listener.ts'
import type { Database } from '../../database/types.ts'
import { RepeatingTask } from '../../repeating-task.ts'
import { type CapturedChange, ChangeLedger } from './change-ledger.ts'

/** One captured row change, read back from realtime.changes. */
export const ChangeSchema = z.object({
  id: z.coerce.number(),
  schema_name: z.string(),
  table_name: z.string(),
  type: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  record: z.record(z.string(), z.unknown()).nullable(),
  old_record: z.record(z.string(), z.unknown()).nullable(),
  commit_timestamp: z.string(),
})
export type Change = z.infer<typeof ChangeSchema>

export const CHANGES_CHANNEL = 'realtime_changes'

export interface ChangeFeedOptions {
  /**
   * How long captured changes are kept (ms): long enough for every gateway process to read them,
   * and for a feed that lost its LISTEN connection to catch up.
   */
  keepMs?: number
  /** The waits before each new attempt to listen after a loss; the last one repeats forever. */
  retryDelaysMs?: readonly number[]
}

const KEEP_MS = 5 * 60_000
const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10_000]
const PRUNE_EVERY_MS = 60_000
const BATCH = 500

const LOAD_SQL = `select c.id, c.schema_name, c.table_name, c.type, c.record, c.old_record,
    to_char(c.commit_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
  from realtime.changes c
  where c.id in (select jsonb_array_elements_text($1::jsonb)::bigint)`

/** Every change still kept and captured at or after the ledger's horizon: ids and capture times only. */
const KEPT_SQL = `select c.id, floor(extract(epoch from c.commit_timestamp) * 1000)::float8 as captured_at
  from realtime.changes c
  where c.commit_timestamp >= to_timestamp($1::float8 / 1000)
  order by c.id`
const KeptSchema = z.object({ id: z.coerce.number(), captured_at: z.coerce.number() })

/** Prunes, and answers the horizon (ms, database clock) before which changes are no longer kept. */
const PRUNE_SQL = `select realtime.prune_changes($1::float8 * interval '1 millisecond') as pruned,
    floor(extract(epoch from clock_timestamp()) * 1000)::float8 - $1::float8 as horizon`
const PruneSchema = z.object({ horizon: z.coerce.number() })

/** Queue items besides change ids: read what is kept, after a (re)listen. */
const BASELINE = Symbol('record the baseline')
const CATCH_UP = Symbol('catch up')
type Work = number | typeof BASELINE | typeof CATCH_UP

/**
 * Listens for change ids (LISTEN realtime_changes: a dedicated connection on PostgreSQL, the
 * embedded instance on PGlite), reads the changes back in batches and hands them on in the order
 * the notifications arrived, which PostgreSQL guarantees to be commit order. One batch at a time,
 * so a later change is never delivered before an earlier one.
 *
 * When the LISTEN connection is lost (PostgreSQL only), it logs one warning, listens again with
 * backoff for as long as it is started, and then catches up: every change kept in
 * realtime.changes that it has not handed on (change-ledger.ts says how it knows), in id order,
 * through the same hand-on (so each subscriber's RLS check still applies). Changes pruned before
 * it could catch up are reported as lost.
 */
export class ChangeFeed {
  readonly #queue: Work[] = []
  readonly #ledger = new ChangeLedger()
  readonly #keepMs: number
  readonly #retryDelaysMs: readonly number[]
  #draining: Promise<void> | undefined
  #starting: Promise<void> | undefined
  #listener: KeptListener | undefined
  #baselineRecorded = false
  readonly #pruning = new RepeatingTask(() => this.#prune(), PRUNE_EVERY_MS)
  /** performance.now() when the subscription was lost; undefined while listening and caught up. */
  #deafSince: number | undefined

  readonly db: Database
  readonly logger: Logger
  readonly onChanges: (changes: Change[]) => Promise<void>

  constructor(
    db: Database,
    logger: Logger,
    onChanges: (changes: Change[]) => Promise<void>,
    options: ChangeFeedOptions = {},
  ) {
    this.db = db
    this.logger = logger
    this.onChanges = onChanges
    this.#keepMs = options.keepMs ?? KEEP_MS
    this.#retryDelaysMs = options.retryDelaysMs?.length ? options.retryDelaysMs : RETRY_DELAYS_MS
  }

  /** Starts listening (idempotent); resolves once notifications will be received. */
  start(): Promise<void> {
    this.#starting ??= (async () => {
      this.#listener = keepListening(this.db, CHANGES_CHANNEL, (payload) => this.#enqueue(payload), {
        retryDelaysMs: this.#retryDelaysMs,
        // Before any notification of the new subscription: the baseline, or the catch-up.
        onListening: () => this.#push(this.#baselineRecorded ? CATCH_UP : BASELINE),
        onLost: (error) => this.#lost(error),
        onListenFailed: (error, attempt) =>
          this.logger.debug({ err: error, attempt }, 'realtime: listening again failed'),
      })
      await this.#listener.started
      this.startPruning()
    })().catch((error: unknown) => {
      this.#starting = undefined
      throw error
    })
    return this.#starting
  }

  /**
   * Prunes changes older than the keep window now and every minute (idempotent), whether or not
   * anyone listens: each captured change is a copy of a row (an enquiry's name, e-mail and message
   * included), and the public pages' data version counts them (server-render.ts). The gateway
   * starts this at start-up (`Gateway.startHousekeeping`); `start()` starts it too.
   */
  startPruning(): void {
    this.#pruning.start()
  }

  async stop(): Promise<void> {
    const starting = this.#starting
    this.#starting = undefined
    this.#pruning.stop()
    // A later start records a new baseline: what is committed while stopped is not caught up.
    this.#baselineRecorded = false
    this.#deafSince = undefined
    if (!starting) return
    await this.#listener?.stop()
    await starting.catch(() => undefined)
    this.#queue.length = 0
    await this.#draining
  }

  /** Resolves when every change received so far has been handed on (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining
  }

  /** True from a lost subscription until the feed listens again and has caught up. */
  get deaf(): boolean {
    return this.#deafSince !== undefined
  }

  #lost(error: Error) {
    if (this.#deafSince === undefined) {
      this.#deafSince = performance.now()
      this.logger.warn(
        { err: error },
        'realtime: lost the connection listening for row changes; listening again, then catching up',
      )
    } else {
      this.logger.debug({ err: error }, 'realtime: lost the connection listening for row changes again')
    }
  }

  #enqueue(payload: string) {
    const id = Number(payload)
    if (!Number.isSafeInteger(id)) {
      this.logger.warn({ payload }, 'realtime: ignoring a malformed change notification')
      return
    }
    this.#push(id)
  }

  #push(work: Work) {
    this.#queue.push(work)
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = undefined
    })
  }

  async #drain() {
    while (this.#queue.length > 0) {
      const next = this.#queue[0]
      if (next === BASELINE || next === CATCH_UP) {
        this.#queue.shift()
        await this.#readKept(next)
        continue
      }
      let end = 0
      while (end < this.#queue.length && end < BATCH && typeof this.#queue[end] === 'number') end += 1
      const ids = this.#queue.splice(0, end).filter((id): id is number => typeof id === 'number')
      try {
        // A change the catch-up already handed on is not handed on again.
        await this.#handOn(ids.filter((id) => !this.#ledger.wasHandedOn(id)))
      } catch (error) {
        this.logger.error({ err: error }, 'realtime: delivering row changes failed')
      }
    }
  }

  /** Reads the changes by id and hands them on in the order given. Throws when reading fails. */
  async #handOn(ids: number[]) {
    if (ids.length === 0) return
    const result = await this.db.query(LOAD_SQL, [JSON.stringify(ids)])
    const byId = new Map<number, Change>()
    for (const row of result.rows) {
      const change = ChangeSchema.parse(row)
      byId.set(change.id, change)
    }
    const changes = ids.flatMap((id) => byId.get(id) ?? [])
    for (const change of changes) this.#ledger.markHandedOn(change.id, Date.parse(change.commit_timestamp))
    if (changes.length === 0) return
    try {
      await this.onChanges(changes)
    } catch (error) {
      // Handed on all the same: a failed delivery is not retried (at-most-once, as in Supabase).
      this.logger.error({ err: error }, 'realtime: delivering row changes failed')
    }
  }

  /** After a (re)listen: records the baseline, or catches up on what was missed while deaf. */
  async #readKept(work: typeof BASELINE | typeof CATCH_UP) {
    const listener = this.#listener
    const subscription = listener?.subscription
    try {
      // Changes are pruned by age, so what matters is how long the feed was deaf when it read.
      const readAt = performance.now()
      const { rows } = await this.db.query(KEPT_SQL, [this.#ledger.horizon])
      const kept: CapturedChange[] = rows.map((row) => {
        const { id, captured_at } = KeptSchema.parse(row)
        return { id, capturedAt: captured_at }
      })
      let caughtUp = 0
      if (work === BASELINE) {
        this.#ledger.setBaseline(kept)
        this.#baselineRecorded = true
        if (subscription !== listener?.subscription) {
          // Lost in the milliseconds between LISTEN and this read: changes committed in between
          // pass for older than the feed and will not be caught up. Rare, and said.
          this.logger.error(
            'realtime: the LISTEN connection was lost before the feed recorded what existed; changes committed in those milliseconds may be missed',
          )
          return
        }
      } else {
        const ids = this.#ledger.selectCatchUp(kept)
        for (let i = 0; i < ids.length; i += BATCH) await this.#handOn(ids.slice(i, i + BATCH))
        caughtUp = ids.length
      }
      // Lost again meanwhile: still deaf, and the next listen catches up again.
      if (subscription !== listener?.subscription) return
      this.#recovered(work, readAt, caughtUp, kept[0]?.id)
    } catch (error) {
      // Could not read what was missed: give this subscription up and try again, later.
      if (listener && subscription !== undefined) {
        listener.lose(subscription, error instanceof Error ? error : new Error(String(error)))
      }
    }
  }

  #recovered(
    work: typeof BASELINE | typeof CATCH_UP,
    readAt: number,
    caughtUp: number,
    firstKeptId: number | undefined,
  ) {
    const deafSince = this.#deafSince
    this.#deafSince = undefined
    if (deafSince === undefined) return
    const deafMs = Math.round(readAt - deafSince)
    const readWallClock = Date.now() - Math.round(performance.now() - readAt)
    if (work === BASELINE) {
      // Lost before the first catch-up point was recorded: nothing tells what was missed.
      this.logger.error(
        { deafFrom: new Date(readWallClock - deafMs).toISOString(), deafMs },
        'realtime: listening for row changes again; changes committed while deaf are lost (no baseline to catch up from)',
      )
      return
    }
    if (deafMs >= this.#keepMs) {
      this.logger.error(
        {
          lostFrom: new Date(readWallClock - deafMs).toISOString(),
          lostUntil: new Date(readWallClock - this.#keepMs).toISOString(),
          lastHandedOnId: this.#ledger.lastHandedOnId,
          firstKeptId: firstKeptId ?? null,
          deafMs,
          keepMs: this.#keepMs,
          caughtUp,
        },
        'realtime: deaf for longer than changes are kept; any change committed between lostFrom and lostUntil was pruned before the catch-up and is lost',
      )
      return
    }
    this.logger.info({ deafMs, caughtUp }, 'realtime: listening for row changes again; caught up')
  }

  async #prune() {
    try {
      const { rows } = await this.db.query(PRUNE_SQL, [this.#keepMs])
      const { horizon } = PruneSchema.parse(rows[0])
      // What is pruned can never be caught up, so the ledger forgets it too.
      this.#ledger.forgetBefore(horizon)
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: pruning old changes failed')
    }
  }
}
