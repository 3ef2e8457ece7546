import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { OpenPgliteOptions, PgliteMemorySettings } from './pglite.ts'
import type { ThreadEvent } from './pglite-worker.ts'
import { pgliteWorkerFor } from './pglite-worker-setting.ts'
import type { Database } from './types.ts'

export interface DatabaseSettings {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  databaseUrl?: string
  /** DATABASE_POOL_SIZE: connections kept for requests on PostgreSQL (default 10). */
  poolSize?: number
  /** Folder for PGlite's data; undefined with `memory` for tests. */
  dataDir?: string
  memory?: boolean
  /** What the embedded database reserves (PGLITE_* settings); ignored with a databaseUrl. */
  pglite?: Partial<PgliteMemorySettings>
  /** PGLITE_WORKER resolved: PGlite in a worker thread (decisions 071, 072); ignored with a databaseUrl. */
  pgliteWorker?: boolean
  /** With the worker: what happens to its thread after it opened (pglite-worker.ts). */
  onThreadEvent?: (event: ThreadEvent) => void
}

export async function openDatabase(settings: DatabaseSettings): Promise<Database> {
  if (settings.databaseUrl) {
    // Loaded only for PostgreSQL: a gateway on PGlite never needs node-postgres (decision 042).
    const { openPostgres } = await import('./postgres.ts')
    return openPostgres(settings.databaseUrl, settings.poolSize)
  }
  let dir: string | undefined
  if (!settings.memory && settings.dataDir) {
    dir = join(settings.dataDir, 'pglite')
    mkdirSync(dir, { recursive: true })
  }
  const options: OpenPgliteOptions = { memory: settings.pglite, worker: false }
  // In a worker thread (decision 071), PGlite's JavaScript is loaded there only.
  if (settings.pgliteWorker ?? pgliteWorkerFor(process.env.PGLITE_WORKER)) {
    const { openPgliteInWorker } = await import('./pglite-worker.ts')
    return openPgliteInWorker(dir, { ...options, onThreadEvent: settings.onThreadEvent })
  }
  const { openPglite } = await import('./pglite.ts')
  return openPglite(dir, options)
}
