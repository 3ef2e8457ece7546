import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { messages, PGlite, parse, type Results, TransactionAbortedError } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { Mutex } from './mutex.ts'
import { paramsAsText } from './params-as-text.ts'
import { pgliteWorkerFor } from './pglite-worker-setting.ts'
import { PreparedStatements, type Step } from './prepared-statements.ts'
import { registerRenewal } from './renewal.ts'
import type { Database, Queryable, QueryOptions, QueryResult, TransactionOptions } from './types.ts'

const asText = (value: string) => value
/** The same JavaScript values as the node-postgres driver (see postgres.ts). */
const sameValuesAsPostgresDriver = { 20: Number, 1082: asText, 1114: asText, 1184: asText, 1700: asText }

const COMMIT: Step = { sql: 'commit', params: [] }

/** The statements prepared on each PGlite instance's one connection (prepared-statements.ts). */
const preparedOn = new WeakMap<PGlite, PreparedStatements>()

function toResult<T>(result: Results<T>): QueryResult<T> {
  return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 }
}

/**
 * Runs `steps` in one call and gives each one's result. The first error is thrown (with the
 * statement and parameters attached, as PGlite's own errors have them); the steps after it did
 * not run.
 */
async function runSteps(pg: PGlite, steps: Step[]): Promise<Results[]> {
  let prepared = preparedOn.get(pg)
  if (!prepared) {
    prepared = new PreparedStatements()
    preparedOn.set(pg, prepared)
  }
  const call = prepared.call(steps)
  let replies: Awaited<ReturnType<PGlite['execProtocolStream']>>
  try {
    replies = await pg.execProtocolStream(call.bytes, { syncToFs: false, throwOnError: false })
  } catch (error) {
    prepared.settle(call, {})
    throw error
  }
  const error = replies.find((reply) => reply instanceof messages.DatabaseError)
  prepared.settle(call, error)
  const results: Results[] = []
  let start = 0
  for (let i = 0; i < replies.length; i++) {
    const reply = replies[i]
    if (reply instanceof messages.DatabaseError) {
      const step = steps[results.length]
      throw Object.assign(reply, { query: step?.sql, params: step?.params })
    }
    if (reply.name === 'commandComplete' || reply.name === 'emptyQuery') {
      results.push(parse.parseResults(replies.slice(start, i + 1), pg.parsers)[0] as Results)
      start = i + 1
    }
  }
  return results
}

function wrap(target: PGlite): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const text = paramsAsText(params)
      const result = toResult(
        text
          ? ((await runSteps(target, [{ sql, params: text }]))[0] as Results<T>)
          : await target.query<T>(sql, params),
      )
      await target.syncToFs()
      return result
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  }
}

/**
 * A transaction on PGlite's one connection (the caller holds the lock). BEGIN is sent with the
 * transaction's first statement, in the same call; statements that need no answer before the next
 * one (`defer`) go with the next statement, or with COMMIT; COMMIT goes with a statement marked
 * `last`, or alone after the transaction's function returned. A REST read is one call.
 */
class PgliteTransaction implements Queryable {
  readonly pg: PGlite
  #pending: Step[]
  #begun = false
  /** Committed with the statement marked `last`. */
  #ended = false
  constructor(pg: PGlite, readOnly: boolean) {
    this.pg = pg
    this.#pending = [{ sql: readOnly ? 'begin read only' : 'begin', params: [] }]
  }

  async #run(step: Step, last: boolean): Promise<Results> {
    if (this.#ended) throw new Error('the transaction has ended: its last statement ran')
    const steps = [...this.#pending, step]
    if (last) steps.push(COMMIT)
    this.#pending = []
    this.#begun = true
    const results = await runSteps(this.pg, steps)
    if (!last) return results.at(-1) as Results
    this.#ended = true
    if (results.at(-1)?.command === 'ROLLBACK') throw new TransactionAbortedError()
    await this.pg.syncToFs()
    return results.at(-2) as Results
  }

  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<T>> {
    const text = paramsAsText(params)
    if (text) return toResult((await this.#run({ sql, params: text }, options.last === true)) as Results<T>)
    // Values PGlite must serialise by type: the statements before go first, then PGlite's query
    // (which makes its own calls) runs inside the open transaction; COMMIT follows as usual.
    if (this.#ended) throw new Error('the transaction has ended: its last statement ran')
    if (this.#pending.length > 0) await runSteps(this.pg, this.#pending.splice(0))
    this.#begun = true
    return toResult(await this.pg.query<T>(sql, params))
  }

  defer(sql: string, params: unknown[] = []): void {
    const text = paramsAsText(params)
    if (!text) throw new Error('defer: parameters must be text, numbers, booleans or null')
    this.#pending.push({ sql, params: text })
  }

  async exec(sql: string): Promise<void> {
    if (this.#pending.length > 0) await runSteps(this.pg, this.#pending.splice(0))
    this.#begun = true
    await this.pg.exec(sql)
  }

  async commit(): Promise<void> {
    if (!this.#begun || this.#ended) return
    const steps = [...this.#pending, COMMIT]
    this.#pending = []
    let results: Results[]
    try {
      results = await runSteps(this.pg, steps)
    } catch (error) {
      // A deferred statement failed: the transaction is aborted and COMMIT was skipped. The caller
      // hears of that failure, not of a rollback that failed after it (as on PostgreSQL).
      await runSteps(this.pg, [{ sql: 'rollback', params: [] }]).catch(() => undefined)
      throw error
    }
    // A statement that failed inside the transaction (its error caught) makes COMMIT a rollback.
    if (results.at(-1)?.command === 'ROLLBACK') throw new TransactionAbortedError()
    await this.pg.syncToFs()
  }

  async rollback(): Promise<void> {
    if (!this.#begun || this.#ended) return
    this.#pending = []
    await runSteps(this.pg, [{ sql: 'rollback', params: [] }])
  }
}

/**
 * Embedded PostgreSQL (WebAssembly). One PGlite instance runs one statement at a time, so every
 * call goes through a FIFO mutex: a transaction holds it from BEGIN to COMMIT and no other
 * request's statement can interleave inside it. `dataDir` undefined means in memory.
 */
export interface PgliteDatabase extends Database {
  /** A compressed copy of the whole data folder (used for test templates). */
  dumpDataDir(): Promise<Blob>
}

/** What the embedded database reserves (decision 032); the gateway's PGLITE_* settings. */
export interface PgliteMemorySettings {
  /** PostgreSQL's shared_buffers, in MB (PostgreSQL's own default, 128, was the old one). */
  sharedBuffersMb: number
}

export const PGLITE_MEMORY_DEFAULTS: PgliteMemorySettings = { sharedBuffersMb: 8 }

/**
 * A new data folder, made by a child process (pglite-create.ts) whose memory is all returned when it
 * ends; it runs with this process's V8 flags (`--liftoff-only` under `npm start`).
 */
function createInChildProcess(dataDir: string, startParams: string[]): Promise<void> {
  const script = new URL('./pglite-create.ts', import.meta.url).pathname
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...process.execArgv, script, dataDir, JSON.stringify(startParams)],
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`creating the PGlite data folder failed: ${stderr || error.message}`))
          : resolve(),
    )
  })
}

export interface OpenPgliteOptions {
  loadDataDir?: Blob
  memory?: Partial<PgliteMemorySettings>
  /**
   * Run PGlite in a worker thread of its own (pglite-worker.ts, decision 071) instead of the
   * gateway's thread. Default: the PGLITE_WORKER environment setting (pglite-worker-setting.ts:
   * `true`, `auto` on a machine with more than one core; off when unset).
   */
  worker?: boolean
}

export async function openPglite(dataDir?: string, options: OpenPgliteOptions = {}): Promise<PgliteDatabase> {
  if (options.worker ?? pgliteWorkerFor(process.env.PGLITE_WORKER)) {
    const { openPgliteInWorker } = await import('./pglite-worker.ts')
    return openPgliteInWorker(dataDir, options)
  }
  const memory = { ...PGLITE_MEMORY_DEFAULTS, ...options.memory }
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${memory.sharedBuffersMb}MB`]
  if (dataDir && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) {
    await createInChildProcess(dataDir, startParams)
  }
  const create = (loadDataDir?: Blob) =>
    PGlite.create(dataDir, {
      extensions: { pgcrypto },
      parsers: sameValuesAsPostgresDriver,
      loadDataDir,
      startParams,
    })
  let pg = await create(options.loadDataDir)
  const lock = new Mutex()
  let direct = wrap(pg)
  /** Listeners open (renewing would drop them). */
  let listening = 0
  const db: PgliteDatabase = {
    kind: 'pglite',
    query: (sql, params) => lock.run(() => direct.query(sql, params)),
    exec: (sql) => lock.run(() => direct.exec(sql)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}) {
      return lock.run(async () => {
        const tx = new PgliteTransaction(pg, options.readOnly === true)
        let result: T
        try {
          result = await fn(tx)
        } catch (error) {
          // The error the caller's work raised is the one it hears of, even when the rollback
          // fails too (the database closed or broken under it), as on PostgreSQL.
          await tx.rollback().catch(() => undefined)
          throw error
        }
        await tx.commit()
        return result
      })
    },
    // Embedded: the subscription cannot be lost while the database is open, so `onLost` (see
    // ListenOptions) is never called.
    async listen(channel, handler) {
      const unlisten = await lock.run(() => pg.listen(channel, handler))
      listening++
      return () =>
        lock.run(async () => {
          listening--
          await unlisten()
        })
    },
    async close() {
      await lock.run(() => pg.close())
    },
    dumpDataDir: () => lock.run(() => pg.dumpDataDir('gzip')),
  }
  if (dataDir) {
    registerRenewal(db, () =>
      lock.run(async () => {
        if (listening > 0) throw new Error('PGlite can be renewed only while nothing listens on it')
        await pg.close()
        pg = await create()
        direct = wrap(pg)
      }),
    )
  }
  return db
}
