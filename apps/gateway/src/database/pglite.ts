import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { Mutex } from './mutex.ts'
import type { Database, Queryable, QueryResult, TransactionOptions } from './types.ts'

const asText = (value: string) => value
/** The same JavaScript values as the node-postgres driver (see postgres.ts). */
const sameValuesAsPostgresDriver = { 20: Number, 1082: asText, 1114: asText, 1184: asText, 1700: asText }

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params)
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 }
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
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

export const PGLITE_MEMORY_DEFAULTS: PgliteMemorySettings = { sharedBuffersMb: 16 }

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

export async function openPglite(
  dataDir?: string,
  options: { loadDataDir?: Blob; memory?: Partial<PgliteMemorySettings> } = {},
): Promise<PgliteDatabase> {
  const memory = { ...PGLITE_MEMORY_DEFAULTS, ...options.memory }
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${memory.sharedBuffersMb}MB`]
  if (dataDir && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'))) {
    await createInChildProcess(dataDir, startParams)
  }
  const pg = await PGlite.create(dataDir, {
    extensions: { pgcrypto },
    parsers: sameValuesAsPostgresDriver,
    loadDataDir: options.loadDataDir,
    startParams,
  })
  const lock = new Mutex()
  const direct = wrap(pg)
  return {
    kind: 'pglite',
    query: (sql, params) => lock.run(() => direct.query(sql, params)),
    exec: (sql) => lock.run(() => direct.exec(sql)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}) {
      return lock.run(() =>
        pg.transaction(async (tx) => {
          if (options.readOnly) await tx.exec('set transaction read only')
          return fn(wrap(tx))
        }),
      ) as Promise<T>
    },
    // Embedded: the subscription cannot be lost while the database is open, so `onLost` (see
    // ListenOptions) is never called.
    async listen(channel, handler) {
      const unlisten = await lock.run(() => pg.listen(channel, handler))
      return () => lock.run(() => unlisten())
    },
    async close() {
      await lock.run(() => pg.close())
    },
    dumpDataDir: () => lock.run(() => pg.dumpDataDir('gzip')),
  }
}
