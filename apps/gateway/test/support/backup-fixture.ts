import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { expect } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { openBlobStore } from '../../src/blob-store/open-blob-store.ts'
import { type Config, loadConfig } from '../../src/config.ts'
import { openPglite } from '../../src/database/pglite.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { applySecuritySettings } from '../../src/database/security-settings.ts'
import type { Database } from '../../src/database/types.ts'
import { seedDemoImages } from '../../src/demo/demo-images.ts'
import { createDeps, type Deps } from '../../src/deps.ts'
import { type Keys, loadOrCreateKeys } from '../../src/keys.ts'
import { createTestDatabase, type Driver, type TestDatabase } from './database.ts'

/**
 * The setup the backup tests share (`test/backup/backup.test.ts` on disk storage,
 * `backup-s3.test.ts` with STORAGE_BACKEND=s3): a seeded source with its uploaded files, empty
 * restore targets, a gateway on what was restored, and the backup and restore commands.
 */

const SCHEMAS = ['public', 'storage', 'auth', 'private', 'realtime', 'supabase_migrations']

/** A digest of every row of every table in the app's schemas, per table. */
export async function tableDigests(db: Database): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema = any($1) order by 1, 2`,
    [SCHEMAS],
  )
  const digests: Record<string, string> = {}
  for (const t of tables) {
    const id = `"${t.schema}"."${t.name}"`
    const { rows } = await db.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(r::text, E'\\n' order by r::text)) as digest from ${id} r`,
    )
    digests[id] = `${rows[0].n}:${rows[0].digest ?? ''}`
  }
  return digests
}

/** The URL of another database on the PostgreSQL of TEST_DATABASE_URL. */
export function databaseUrl(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL ?? '')
  u.pathname = `/${name}`
  return u.toString()
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export interface BackupSource {
  /** A temporary folder for the whole file: the source's data folder, archives, restore targets. */
  root: string
  db: TestDatabase
  /** PostgreSQL only: the source database's URL (the dump is taken from it). */
  databaseUrl: string | undefined
  config: Config
  keys: Keys
  deps: Deps
  /** The source's gateway (in this process), to compare what a restored one serves. */
  gateway: Gateway
  close(): Promise<void>
}

/**
 * A seeded database of `driver` (the demo content) whose demo logos and floor plans went through
 * the storage service, on the storage `env` selects (disk by default, or an S3 bucket).
 */
export async function startBackupSource(
  driver: Driver,
  env: Record<string, string> = {},
): Promise<BackupSource> {
  const root = await mkdtemp(join(tmpdir(), 'genesis-backup-test-'))
  const db = await createTestDatabase(driver, { seed: true })
  let url: string | undefined
  if (driver === 'postgres') {
    const { rows } = await db.query<{ name: string }>('select current_database() as name')
    url = databaseUrl(rows[0].name)
  }
  const config = loadConfig({ DATA_DIR: join(root, 'source'), LOG_LEVEL: 'silent', ...env }, root)
  const keys = await loadOrCreateKeys(config.dataDir, config)
  const deps = createDeps({
    config,
    db,
    keys,
    blobStore: config.s3 ? await openBlobStore(config) : undefined,
  })
  const gateway = createApp(deps)
  // Uploaded files: the demo logos and floor plans go through the storage service.
  const stored = await seedDemoImages(deps)
  expect(stored.logos).toBeGreaterThan(0)
  return {
    root,
    db,
    databaseUrl: url,
    config,
    keys,
    deps,
    gateway,
    async close() {
      await gateway.stop()
      await db.close()
      await rm(root, { recursive: true, force: true })
    },
  }
}

/**
 * Where a restore's database goes: on PostgreSQL a new, empty database (`drop` removes it), on
 * PGlite nothing (the database is restored into the data folder).
 */
export async function emptyTargetDatabase(
  driver: Driver,
): Promise<{ databaseUrl: string | undefined; drop(): Promise<void> }> {
  if (driver !== 'postgres') return { databaseUrl: undefined, drop: async () => {} }
  const name = `genesis_restore_${randomBytes(6).toString('hex')}`
  await admin((c) => c.query(`create database ${name} template template0`))
  return {
    databaseUrl: databaseUrl(name),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  }
}

/** Opens the database a restore wrote: PGlite in `<dataDir>/pglite`, or the PostgreSQL database. */
export function openRestored(driver: Driver, dataDir: string, url: string | undefined): Promise<Database> {
  return driver === 'pglite' ? openPglite(join(dataDir, 'pglite')) : openPostgres(url ?? '', 2)
}

/**
 * A gateway on a restored data folder and database, as one would start on them: security settings
 * applied, keys read from the folder, the blob store the settings in `env` select (an S3 bucket is
 * probed first, as at start-up).
 */
export async function restoredGateway(
  db: Database,
  dataDir: string,
  root: string,
  env: Record<string, string> = {},
): Promise<{ gateway: Gateway; keys: Keys }> {
  const config = loadConfig(
    { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SITE_URL: 'http://restored.test', ...env },
    root,
  )
  await applySecuritySettings(db, config)
  const keys = await loadOrCreateKeys(config.dataDir, config)
  const blobStore = config.s3 ? await openBlobStore(config, { probe: true }) : undefined
  return { gateway: createApp(createDeps({ config, db, keys, blobStore })), keys }
}

/** Runs `npm run <name>` (`src/cli/<name>.ts`) with `env` as its whole environment. */
export function runCli(
  name: 'backup' | 'restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      [fileURLToPath(new URL(`../../src/cli/${name}.ts`, import.meta.url)), ...args],
      { env },
      (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
    )
  })
}
