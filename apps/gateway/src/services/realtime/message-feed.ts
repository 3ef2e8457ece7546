import type { Logger } from 'pino'
import { z } from 'zod'
import type { Database } from '../../database/types.ts'

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
 * (PostgreSQL only) it listens again and delivers what was inserted meanwhile.
 */
export class MessageFeed {
  readonly #db: Database
  readonly #logger: Logger
  readonly #deliver: (message: DatabaseMessage) => void
  #started: Promise<void> | undefined
  #unlisten: (() => Promise<void>) | undefined
  #running = false
  #chain: Promise<void> = Promise.resolve()
  #lastInsertedAt: string | undefined
  readonly #recent = new Set<string>()
  #lastPrune = Date.now()
  #attempts = 0
  #retryTimer: NodeJS.Timeout | undefined

  constructor(db: Database, logger: Logger, deliver: (message: DatabaseMessage) => void) {
    this.#db = db
    this.#logger = logger
    this.#deliver = deliver
  }

  /** Starts listening (once); resolves when notifications are being received. */
  start(): Promise<void> {
    this.#running = true
    this.#started ??= this.#listen(false).catch((error) => {
      this.#started = undefined
      throw error
    })
    return this.#started
  }

  async stop(): Promise<void> {
    this.#running = false
    clearTimeout(this.#retryTimer)
    const unlisten = this.#unlisten
    this.#unlisten = undefined
    this.#started = undefined
    await unlisten?.().catch(() => undefined)
    await this.#chain
  }

  /** Resolves once every notification received so far is delivered (tests). */
  idle(): Promise<void> {
    return this.#chain
  }

  async #listen(catchUp: boolean): Promise<void> {
    this.#unlisten = await this.#db.listen(MESSAGES_CHANNEL, (id) => this.#enqueue(() => this.#readOne(id)), {
      onLost: (error) => this.#lost(error),
    })
    if (catchUp) this.#enqueue(() => this.#readSince())
  }

  #lost(error: Error) {
    if (!this.#running) return
    this.#unlisten = undefined
    this.#logger.warn({ err: error }, 'realtime: lost the connection listening for database broadcasts')
    const delay = RETRY_MS[Math.min(this.#attempts, RETRY_MS.length - 1)]
    this.#attempts += 1
    this.#retryTimer = setTimeout(() => {
      if (!this.#running) return
      this.#listen(true).then(
        () => {
          this.#attempts = 0
        },
        (err) => this.#lost(err instanceof Error ? err : new Error(String(err))),
      )
    }, delay)
    this.#retryTimer.unref()
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
    await this.#maybePrune()
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

  async #maybePrune() {
    if (Date.now() - this.#lastPrune < PRUNE_EVERY_MS) return
    this.#lastPrune = Date.now()
    await this.#db.query(`select realtime.prune_messages(interval '${KEEP}')`)
  }
}
