import type { Logger } from 'pino'
import { z } from 'zod'
import { type KeptListener, keepListening } from '../../database/kept-listener.ts'
import type { Database } from '../../database/types.ts'
import { RepeatingTask } from '../../repeating-task.ts'

/** A broadcast sent from the database with realtime.send() (migration 20261123500100). */
export interface DatabaseMessage {
  id: string
  topic: string
  event: string
  payload: unknown
  private: boolean
}

const MESSAGES_CHANNEL = 'realtime_messages'
const Row = z.object({
  id: z.string(),
  topic: z.string(),
  event: z.string(),
  payload: z.unknown(),
  private: z.boolean(),
  inserted_at: z.union([z.string(), z.date()]),
})
const COLUMNS = `id::text as id, topic, event, payload, private, inserted_at::text as inserted_at`
/** Messages are kept this long (Supabase keeps its partitions a few days; nothing here replays them). */
const KEEP = '1 day'
const PRUNE_EVERY_MS = 60 * 60 * 1000
const RETRY_MS = [1000, 2000, 5000, 10_000]

/**
 * Listens for messages realtime.send() inserts and hands each to `deliver`, in commit order. The
 * notification carries only the id; the row is read back (as the gateway's role, which owns the
 * table), so payloads larger than NOTIFY's limit arrive too. After a lost LISTEN connection
 * (PostgreSQL only) it listens again (database/kept-listener.ts) and delivers what was inserted
 * meanwhile before anything the new subscription hears.
 */
export class MessageFeed {
  readonly #db: Database
  readonly #logger: Logger
  readonly #deliver: (message: DatabaseMessage) => void
  #started: Promise<void> | undefined
  #listener: KeptListener | undefined
  #chain: Promise<void> = Promise.resolve()
  #lastInsertedAt: string | undefined
  readonly #recent = new Set<string>()
  readonly #pruning = new RepeatingTask(() => this.#prune(), PRUNE_EVERY_MS)

  readonly #retryDelaysMs: readonly number[]

  constructor(
    db: Database,
    logger: Logger,
    deliver: (message: DatabaseMessage) => void,
    options: { retryDelaysMs?: readonly number[] } = {},
  ) {
    this.#db = db
    this.#logger = logger
    this.#deliver = deliver
    this.#retryDelaysMs = options.retryDelaysMs?.length ? options.retryDelaysMs : RETRY_MS
  }

  /** Starts listening (once); resolves when notifications are being received. */
  start(): Promise<void> {
    if (this.#started) return this.#started
    const started = (async () => {
      const listener = keepListening(
        this.#db,
        MESSAGES_CHANNEL,
        (id) => this.#enqueue(() => this.#readOne(id)),
        {
          retryDelaysMs: this.#retryDelaysMs,
          // Listening again: what was inserted meanwhile goes first (a notification of the new
          // subscription that it also reads is delivered once: see #handOn).
          onListening: (again) => {
            if (again) this.#enqueue(() => this.#readSince())
          },
          onLost: (error) =>
            this.#logger.warn(
              { err: error },
              'realtime: lost the connection listening for database broadcasts',
            ),
          onListenFailed: (error, attempt) =>
            this.#logger.debug(
              { err: error, attempt },
              'realtime: listening for database broadcasts again failed',
            ),
        },
      )
      this.#listener = listener
      await listener.started
      this.startPruning()
    })().catch((error: unknown) => {
      // A start that failed can be tried again (unless a stop and another start came meanwhile).
      if (this.#started === started) this.#started = undefined
      throw error
    })
    this.#started = started
    return started
  }

  /**
   * Prunes messages older than a day now and every hour (idempotent), whether or not anyone
   * listens: realtime.send() can be called by any trigger or function, and nothing replays old
   * messages. The gateway starts this at start-up (`Gateway.startHousekeeping`); `start()` starts
   * it too, as it pruned before housekeeping existed.
   */
  startPruning(): void {
    this.#pruning.start()
  }

  async stop(): Promise<void> {
    this.#pruning.stop()
    const listener = this.#listener
    this.#listener = undefined
    this.#started = undefined
    await listener?.stop()
    await this.#chain
  }

  /** Resolves once every notification received so far is delivered (tests). */
  idle(): Promise<void> {
    return this.#chain
  }

  #enqueue(work: () => Promise<void>) {
    this.#chain = this.#chain.then(work).catch((error) => {
      this.#logger.error({ err: error }, 'realtime: could not deliver a database broadcast')
    })
  }

  async #readOne(id: string) {
    const { rows } = await this.#db.query(`select ${COLUMNS} from realtime.messages where id = $1::uuid`, [
      id,
    ])
    for (const raw of rows) this.#handOn(Row.parse(raw))
  }

  async #readSince() {
    if (this.#lastInsertedAt === undefined) return
    const { rows } = await this.#db.query(
      `select ${COLUMNS} from realtime.messages
       where extension = 'broadcast' and event is not null and inserted_at >= $1::timestamp
       order by inserted_at, id`,
      [this.#lastInsertedAt],
    )
    for (const raw of rows) this.#handOn(Row.parse(raw))
  }

  #handOn(row: z.infer<typeof Row>) {
    if (this.#recent.has(row.id)) return
    this.#recent.add(row.id)
    // Enough to recognise what a catch-up reads again; older ids cannot come back.
    if (this.#recent.size > 1000) this.#recent.delete(this.#recent.values().next().value as string)
    const insertedAt = String(row.inserted_at)
    if (this.#lastInsertedAt === undefined || insertedAt > this.#lastInsertedAt)
      this.#lastInsertedAt = insertedAt
    this.#deliver({
      id: row.id,
      topic: row.topic,
      event: row.event,
      payload: row.payload,
      private: row.private,
    })
  }

  async #prune() {
    try {
      await this.#db.query(`select realtime.prune_messages(interval '${KEEP}')`)
    } catch (error) {
      this.#logger.warn({ err: error }, 'realtime: pruning old database broadcasts failed')
    }
  }
}
