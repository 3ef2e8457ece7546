import type { Logger } from 'pino'
import { z } from 'zod'
import type { Database } from '../../database/types.ts'

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
/** How long captured changes are kept: long enough for every gateway process to read them. */
const KEEP_CHANGES = '5 minutes'
const PRUNE_EVERY_MS = 60_000
const BATCH = 500

const LOAD_SQL = `select c.id, c.schema_name, c.table_name, c.type, c.record, c.old_record,
    to_char(c.commit_timestamp at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
  from realtime.changes c
  where c.id in (select jsonb_array_elements_text($1::jsonb)::bigint)`

/**
 * Listens for change ids (LISTEN realtime_changes: a dedicated connection on PostgreSQL, the
 * embedded instance on PGlite), reads the changes back in batches and hands them on in the order
 * the notifications arrived, which PostgreSQL guarantees to be commit order. One batch at a time,
 * so a later change is never delivered before an earlier one.
 */
export class ChangeFeed {
  readonly #queue: number[] = []
  #draining: Promise<void> | undefined
  #starting: Promise<void> | undefined
  #unlisten: (() => Promise<void>) | undefined
  #pruneTimer: NodeJS.Timeout | undefined

  readonly db: Database
  readonly logger: Logger
  readonly onChanges: (changes: Change[]) => Promise<void>

  constructor(db: Database, logger: Logger, onChanges: (changes: Change[]) => Promise<void>) {
    this.db = db
    this.logger = logger
    this.onChanges = onChanges
  }

  /** Starts listening (idempotent); resolves once notifications will be received. */
  start(): Promise<void> {
    this.#starting ??= (async () => {
      this.#unlisten = await this.db.listen(CHANGES_CHANNEL, (payload) => this.#enqueue(payload))
      this.#pruneTimer = setInterval(() => void this.#prune(), PRUNE_EVERY_MS)
      this.#pruneTimer.unref()
      void this.#prune()
    })().catch((error: unknown) => {
      this.#starting = undefined
      throw error
    })
    return this.#starting
  }

  async stop(): Promise<void> {
    const starting = this.#starting
    this.#starting = undefined
    clearInterval(this.#pruneTimer)
    if (!starting) return
    await starting.catch(() => undefined)
    const unlisten = this.#unlisten
    this.#unlisten = undefined
    await unlisten?.().catch(() => undefined)
    this.#queue.length = 0
    await this.#draining
  }

  /** Resolves when every change received so far has been handed on (tests, benchmarks). */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining
  }

  #enqueue(payload: string) {
    const id = Number(payload)
    if (!Number.isSafeInteger(id)) {
      this.logger.warn({ payload }, 'realtime: ignoring a malformed change notification')
      return
    }
    this.#queue.push(id)
    this.#draining ??= this.#drain().finally(() => {
      this.#draining = undefined
    })
  }

  async #drain() {
    while (this.#queue.length > 0) {
      const ids = this.#queue.splice(0, BATCH)
      try {
        const result = await this.db.query(LOAD_SQL, [JSON.stringify(ids)])
        const byId = new Map<number, Change>()
        for (const row of result.rows) {
          const change = ChangeSchema.parse(row)
          byId.set(change.id, change)
        }
        const changes = ids.flatMap((id) => byId.get(id) ?? [])
        if (changes.length > 0) await this.onChanges(changes)
      } catch (error) {
        this.logger.error({ err: error }, 'realtime: delivering row changes failed')
      }
    }
  }

  async #prune() {
    try {
      await this.db.query('select realtime.prune_changes($1::interval)', [KEEP_CHANGES])
    } catch (error) {
      this.logger.warn({ err: error }, 'realtime: pruning old changes failed')
    }
  }
}
