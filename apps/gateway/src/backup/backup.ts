import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import { createGunzip, createGzip } from 'node:zlib'
import type { BlobStore } from '../blob-store/blob-store.ts'
import type { Database } from '../database/types.ts'
import { readTar, TAR_END, tarHeader, tarPadding } from './tar.ts'

/** node-postgres, loaded only when a backup talks to PostgreSQL: a gateway on PGlite never needs it (decision 042). */
const postgresDriver = async () => (await import('pg')).default

const run = promisify(execFile)

/** Written into every archive; restore refuses another format or a newer version. */
export const BACKUP_FORMAT = 'genesis-centre-backup'
export const BACKUP_VERSION = 1
const MANIFEST = 'manifest.json'
const PGLITE_DUMP = 'database/pglite.tar.gz'
const POSTGRES_DUMP = 'database/postgres.dump'
const KEYS = 'keys.json'
const BLOB = /^[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export interface ManifestEntry {
  path: string
  size: number
  sha256: string
}

export interface Manifest {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  engine: 'pglite' | 'postgres'
  /** PostgreSQL only: the server's major version and the group roles the dump's grants name. */
  postgresMajor?: number
  roles?: { name: string; inherit: boolean; bypassRls: boolean }[]
  entries: ManifestEntry[]
}

/** A refusal meant for the operator: its message says what is wrong and that nothing changed. */
export class BackupError extends Error {}

export interface BackupSource {
  db: Database
  /** Required for PostgreSQL (pg_dump connects itself). */
  databaseUrl?: string
  dataDir: string
  /** Where the stored files are read from, unless `blobStore` is given. */
  storageDir: string
  /**
   * With STORAGE_BACKEND=s3, the S3 blob store: every blob of its bucket goes into the archive,
   * under the same `storage/<xx>/<blob id>` names as files from the disk (decision 030).
   */
  blobStore?: BlobStore
}

interface PendingEntry {
  path: string
  size: number
  open: () => AsyncIterable<Uint8Array>
}

function withoutPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url)
  const password = decodeURIComponent(u.password)
  u.password = ''
  return { url: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env }
}

async function serverMajor(url: string): Promise<number> {
  const client = new (await postgresDriver()).Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v")
    return Math.floor(Number(rows[0].v) / 10000)
  } finally {
    await client.end()
  }
}

/**
 * pg_dump / pg_restore of the server's major version: Debian's layout (the one scripts/test-env.sh
 * uses), else the one on PATH when its major version is the server's or newer.
 */
export async function postgresTool(tool: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const candidates = [`/usr/lib/postgresql/${major}/bin/${tool}`, tool]
  for (const candidate of candidates) {
    if (candidate.includes('/') && !existsSync(candidate)) continue
    try {
      const { stdout } = await run(candidate, ['--version'])
      const found = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1])
      if (found >= major) return candidate
    } catch {
      // not installed under this name
    }
  }
  throw new BackupError(`${tool} for PostgreSQL ${major} not found: install postgresql-client-${major}`)
}

async function groupRoles(url: string): Promise<NonNullable<Manifest['roles']>> {
  const client = new (await postgresDriver()).Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string; inherit: boolean; bypassRls: boolean }>(
      `select rolname as name, rolinherit as inherit, rolbypassrls as "bypassRls"
         from pg_roles where not rolcanlogin and rolname !~ '^pg_' order by rolname`,
    )
    return rows
  } finally {
    await client.end()
  }
}

async function* blobFiles(storageDir: string): AsyncGenerator<{ rel: string; path: string }> {
  const folders = await readdir(storageDir, { withFileTypes: true }).catch(() => [])
  for (const folder of folders.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!folder.isDirectory() || !/^[0-9a-f]{2}$/.test(folder.name)) continue
    const files = await readdir(join(storageDir, folder.name), { withFileTypes: true })
    for (const file of files.sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = `${folder.name}/${file.name}`
      // Complete blobs only: `.tmp-*` files are writes in progress (disk-blob-store.ts).
      if (file.isFile() && BLOB.test(rel)) yield { rel, path: join(storageDir, rel) }
    }
  }
}

/** The archive's name for a blob: `storage/<first two hex digits>/<blob id>`, as the disk lays it out. */
function blobEntryName(key: string): string {
  return `storage/${key.slice(0, 2)}/${key}`
}

/** The chunks of a web stream; stopping the loop early cancels the stream (and its request). */
async function* chunksOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader()
  let done = false
  try {
    while (true) {
      const step = await reader.read()
      if (step.done) {
        done = true
        return
      }
      yield step.value
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined)
  }
}

/**
 * Every blob of a blob store (the S3 bucket), one at a time: listed page by page, each object
 * read as its bytes go into the archive, so no file is held in memory.
 */
async function* storeEntries(store: BlobStore): AsyncGenerator<PendingEntry> {
  for await (const { key } of store.list()) {
    const blob = await store.get(key)
    // A blob removed since the dump (its row was deleted after it) is simply not kept.
    if (blob) yield { path: blobEntryName(key), size: blob.size, open: () => chunksOf(blob.stream) }
  }
}

function fileEntry(path: string, name: string, size: number): PendingEntry {
  return { path: name, size, open: () => createReadStream(path) }
}

/** The archive's bytes: each entry, hashed as it passes, then the manifest listing them all. */
async function* tarBytes(
  entries: AsyncIterable<PendingEntry>,
  manifest: Omit<Manifest, 'entries'>,
  now: Date,
): AsyncGenerator<Uint8Array> {
  const listed: ManifestEntry[] = []
  for await (const entry of entries) {
    yield tarHeader(entry.path, entry.size, now)
    const hash = createHash('sha256')
    let size = 0
    for await (const chunk of entry.open()) {
      size += chunk.byteLength
      if (size > entry.size) break
      hash.update(chunk)
      yield chunk
    }
    if (size !== entry.size) throw new Error(`${entry.path} changed size while it was being archived`)
    yield tarPadding(entry.size)
    listed.push({ path: entry.path, size: entry.size, sha256: hash.digest('hex') })
  }
  const body = Buffer.from(`${JSON.stringify({ ...manifest, entries: listed }, null, 2)}\n`)
  yield tarHeader(MANIFEST, body.length, now)
  yield body
  yield tarPadding(body.length)
  yield TAR_END
}

/**
 * Writes one archive (`<file>`, a gzipped tar) of the database and every stored file: first the
 * database dump (a snapshot: PGlite's data folder taken between two statements, or `pg_dump`'s
 * single transaction), then the blobs, the keys and a manifest with a SHA-256 per entry.
 * Written to a temporary name and renamed, so an archive under its final name is complete.
 */
export async function createBackup(source: BackupSource, file: string, now = new Date()): Promise<Manifest> {
  await mkdir(dirname(file), { recursive: true })
  const work = await mkdtemp(join(tmpdir(), 'genesis-backup-'))
  try {
    const header: Omit<Manifest, 'entries'> = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      engine: source.db.kind,
    }
    const first: PendingEntry[] = []
    if (source.db.kind === 'pglite') {
      if (!('dumpDataDir' in source.db) || typeof source.db.dumpDataDir !== 'function') {
        throw new BackupError('this PGlite database cannot be dumped')
      }
      const dump = Buffer.from(await (await (source.db.dumpDataDir as () => Promise<Blob>)()).arrayBuffer())
      first.push({ path: PGLITE_DUMP, size: dump.length, open: () => Readable.from([dump]) })
    } else {
      if (!source.databaseUrl) throw new BackupError('a PostgreSQL backup needs DATABASE_URL')
      const major = await serverMajor(source.databaseUrl)
      const pgDump = await postgresTool('pg_dump', major)
      const target = join(work, 'postgres.dump')
      const { url, env } = withoutPassword(source.databaseUrl)
      // One transaction at a repeatable-read snapshot: a consistent dump while the site runs.
      await run(pgDump, ['--format=custom', '--no-password', `--file=${target}`, `--dbname=${url}`], { env })
      header.postgresMajor = major
      header.roles = await groupRoles(source.databaseUrl)
      first.push(fileEntry(target, POSTGRES_DUMP, (await stat(target)).size))
    }
    const keysFile = join(source.dataDir, 'keys.json')
    async function* entries(): AsyncGenerator<PendingEntry> {
      yield* first
      if (existsSync(keysFile)) yield fileEntry(keysFile, KEYS, (await stat(keysFile)).size)
      if (source.blobStore) {
        yield* storeEntries(source.blobStore)
        return
      }
      for await (const blob of blobFiles(source.storageDir)) {
        const info = await stat(blob.path).catch(() => undefined)
        // A blob removed since the dump (its row was deleted after it) is simply not kept.
        if (info) yield fileEntry(blob.path, `storage/${blob.rel}`, info.size)
      }
    }
    let manifest: Manifest | undefined
    const temp = `${file}.partial`
    try {
      await pipeline(
        Readable.from(tarBytes(entries(), header, now)),
        createGzip(),
        createWriteStream(temp, { mode: 0o600 }),
      )
      const handle = await open(temp, 'r')
      await handle.sync()
      await handle.close()
      await rename(temp, file)
      manifest = await verifyBackup(file)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return manifest
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * Reads the whole archive and checks it against its manifest (every entry listed once with its
 * size and SHA-256, the manifest last). Returns the manifest; throws BackupError otherwise.
 * Calls `onEntry` for each entry after its checksum was computed, when given (restore's second pass).
 */
export async function verifyBackup(
  file: string,
  sink?: (path: string) => { data(chunk: Buffer): void | Promise<void>; end(): void | Promise<void> },
): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>()
  let manifestText: string | undefined
  let current:
    | { path: string; hash: ReturnType<typeof createHash>; size: number; text?: Buffer[] }
    | undefined
  let writer: ReturnType<NonNullable<typeof sink>> | undefined
  // A failure of the writer (a full disk, an upload the S3 server broke off) is reported as
  // itself, not as a corrupt archive.
  let writeFailure: unknown
  const writing = async (step: () => void | Promise<void>) => {
    try {
      await step()
    } catch (error) {
      writeFailure = error
      throw error
    }
  }
  try {
    await readTar(createReadStream(file).pipe(createGunzip()), {
      start(entry) {
        if (manifestText !== undefined) throw new BackupError('entries after the manifest')
        if (seen.has(entry.name)) throw new BackupError(`${entry.name} appears twice`)
        current = { path: entry.name, hash: createHash('sha256'), size: 0 }
        if (entry.name === MANIFEST) current.text = []
        else writer = sink?.(entry.name)
      },
      async data(chunk) {
        if (!current) return
        current.hash.update(chunk)
        current.size += chunk.length
        if (current.text) current.text.push(Buffer.from(chunk))
        else if (writer) {
          const open = writer
          await writing(() => open.data(chunk))
        }
      },
      async end() {
        if (!current) return
        if (current.text) manifestText = Buffer.concat(current.text).toString('utf8')
        else {
          seen.set(current.path, { size: current.size, sha256: current.hash.digest('hex') })
          if (writer) {
            const open = writer
            await writing(() => open.end())
          }
        }
        current = undefined
        writer = undefined
      },
    })
  } catch (error) {
    if (writeFailure !== undefined && error === writeFailure) throw error
    if (error instanceof BackupError) throw new BackupError(`${file} is corrupt: ${error.message}`)
    const reason = error instanceof Error ? error.message : String(error)
    throw new BackupError(`${file} is corrupt or not a backup archive (${reason})`)
  }
  if (manifestText === undefined) throw new BackupError(`${file} is corrupt: it has no manifest`)
  let manifest: Manifest
  try {
    manifest = JSON.parse(manifestText)
  } catch {
    throw new BackupError(`${file} is corrupt: its manifest is not JSON`)
  }
  if (manifest.format !== BACKUP_FORMAT || !Array.isArray(manifest.entries)) {
    throw new BackupError(`${file} is not a ${BACKUP_FORMAT} archive`)
  }
  if (manifest.version > BACKUP_VERSION) {
    throw new BackupError(
      `${file} is format version ${manifest.version}; this gateway reads up to ${BACKUP_VERSION}`,
    )
  }
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path)
    if (!found) throw new BackupError(`${file} is corrupt: ${entry.path} is missing`)
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupError(`${file} is corrupt: checksum mismatch for ${entry.path}`)
    }
    seen.delete(entry.path)
  }
  if (seen.size > 0)
    throw new BackupError(`${file} is corrupt: ${[...seen.keys()][0]} is not in its manifest`)
  const dump = manifest.engine === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP
  if (!manifest.entries.some((e) => e.path === dump)) throw new BackupError(`${file} has no database dump`)
  return manifest
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return true
    throw error
  }
}

/** True when the database holds no table, view, sequence or function outside the system schemas. */
async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = new (await postgresDriver()).Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: number }>(
      `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_toast')
            + (select count(*) from pg_namespace
                where nspname not in ('pg_catalog', 'information_schema', 'public') and nspname !~ '^pg_')
            + (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                where n.nspname not in ('pg_catalog', 'information_schema'))
            + (select count(*) from pg_extension where extname <> 'plpgsql') as n`,
    )
    return Number(rows[0].n) === 0
  } finally {
    await client.end()
  }
}

export interface RestoreTarget {
  /** The data folder of the restored gateway (PGlite data, keys); must be empty or absent. */
  dataDir: string
  /** Where the stored files are written, unless `blobStore` is given; must be empty or absent. */
  storageDir: string
  /**
   * With STORAGE_BACKEND=s3, the S3 blob store the files are uploaded to; its bucket must hold no
   * object at all (decision 030).
   */
  blobStore?: BlobStore
  /** PostgreSQL archives only: an empty database to restore into. */
  databaseUrl?: string
}

/**
 * Restores an archive into an empty target. Checks the whole archive first and that the target is
 * empty, and changes nothing when either check fails; then writes the files, the keys and the
 * database (PGlite: a data folder loaded from the dump; PostgreSQL: pg_restore in one transaction,
 * after creating the group roles the grants name when the server lacks them).
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const manifest = await verifyBackup(file)
  if (manifest.engine === 'postgres' && !target.databaseUrl) {
    throw new BackupError(`${file} holds a PostgreSQL dump: set DATABASE_URL to an empty database`)
  }
  if (manifest.engine === 'pglite' && target.databaseUrl) {
    throw new BackupError(`${file} holds an embedded (PGlite) database: unset DATABASE_URL to restore it`)
  }
  for (const dir of target.blobStore ? [target.dataDir] : [target.dataDir, target.storageDir]) {
    if (!(await isEmptyFolder(dir)))
      throw new BackupError(`${dir} is not empty: restore only into an empty folder`)
  }
  if (target.blobStore && !(await target.blobStore.isEmpty())) {
    throw new BackupError('the S3 bucket (STORAGE_S3_BUCKET) is not empty: restore only into an empty bucket')
  }
  if (target.databaseUrl && !(await isEmptyDatabase(target.databaseUrl))) {
    throw new BackupError('the database at DATABASE_URL is not empty: restore only into an empty database')
  }
  let restoreTool: string | undefined
  if (manifest.engine === 'postgres' && target.databaseUrl) {
    const major = await serverMajor(target.databaseUrl)
    if (manifest.postgresMajor && major < manifest.postgresMajor) {
      throw new BackupError(
        `${file} comes from PostgreSQL ${manifest.postgresMajor}; the target runs ${major}`,
      )
    }
    restoreTool = await postgresTool('pg_restore', manifest.postgresMajor ?? major)
  }

  const work = await mkdtemp(join(tmpdir(), 'genesis-restore-'))
  // Blobs uploaded to the bucket so far, removed again if the restore fails.
  const uploaded: string[] = []
  try {
    let pgliteDump: Buffer[] | undefined
    await verifyBackup(file, (path) => {
      if (path === PGLITE_DUMP) {
        pgliteDump = []
        const parts = pgliteDump
        return { data: (chunk) => void parts.push(Buffer.from(chunk)), end: () => undefined }
      }
      const blob = path.startsWith('storage/') && BLOB.test(path.slice('storage/'.length))
      if (blob && target.blobStore) {
        const key = path.slice('storage/xx/'.length)
        uploaded.push(key)
        return uploadTo(target.blobStore, key)
      }
      const destination =
        path === POSTGRES_DUMP
          ? join(work, 'postgres.dump')
          : path === KEYS
            ? join(target.dataDir, 'keys.json')
            : blob
              ? join(target.storageDir, path.slice('storage/'.length))
              : undefined
      if (!destination) throw new BackupError(`unexpected entry ${path}`)
      let handle: Awaited<ReturnType<typeof open>> | undefined
      return {
        async data(chunk) {
          if (!handle) {
            await mkdir(dirname(destination), { recursive: true })
            handle = await open(destination, 'wx', 0o600)
          }
          await handle.write(chunk)
        },
        async end() {
          if (!handle) {
            await mkdir(dirname(destination), { recursive: true })
            handle = await open(destination, 'wx', 0o600)
          }
          await handle.sync()
          await handle.close()
        },
      }
    })
    if (manifest.engine === 'pglite') {
      if (!pgliteDump) throw new BackupError(`${file} has no database dump`)
      const dir = join(target.dataDir, 'pglite')
      await mkdir(dir, { recursive: true })
      // Loaded when a restore needs it: a gateway on a PGlite worker thread keeps PGlite out of its own
      // thread (decision 071).
      const { openPglite } = await import('../database/pglite.ts')
      const db = await openPglite(dir, { loadDataDir: new Blob([Buffer.concat(pgliteDump)]) })
      await db.close()
    } else if (target.databaseUrl && restoreTool) {
      const client = new (await postgresDriver()).Client({ connectionString: target.databaseUrl })
      await client.connect()
      try {
        for (const role of manifest.roles ?? []) {
          const name = client.escapeIdentifier(role.name)
          const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [role.name])
          if (rowCount === 0) {
            await client.query(
              `create role ${name} nologin ${role.inherit ? 'inherit' : 'noinherit'} ${role.bypassRls ? 'bypassrls' : ''}`,
            )
          }
        }
      } finally {
        await client.end()
      }
      const { url, env } = withoutPassword(target.databaseUrl)
      await run(
        restoreTool,
        [
          '--exit-on-error',
          '--single-transaction',
          '--no-password',
          `--dbname=${url}`,
          join(work, 'postgres.dump'),
        ],
        { env },
      )
    }
    return manifest
  } catch (error) {
    // Half a restore is worse than none: the target was empty, so it is emptied again.
    if (!(error instanceof BackupError && /is not empty/.test(error.message))) {
      if (target.blobStore) {
        const store = target.blobStore
        for (const key of uploaded) await store.delete(key).catch(() => undefined)
      } else await rm(target.storageDir, { recursive: true, force: true })
      await rm(join(target.dataDir, 'keys.json'), { force: true })
      await rm(join(target.dataDir, 'pglite'), { recursive: true, force: true })
    }
    throw error
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * One blob's upload, fed by restore's reading of the archive: `data` resolves once the store has
 * taken the chunk (so a slow upload slows the reading and at most a chunk waits here), `end`
 * once the object is complete; a failed upload fails the next `data` or `end`.
 */
function uploadTo(store: BlobStore, key: string) {
  const queue: Buffer[] = []
  let ended = false
  let wake: (() => void) | undefined
  let taken: (() => void) | undefined
  async function* body(): AsyncGenerator<Uint8Array> {
    while (true) {
      const chunk = queue.shift()
      if (chunk) {
        taken?.()
        yield chunk
      } else if (ended) return
      else await new Promise<void>((resolve) => (wake = resolve))
    }
  }
  const done = store.put(key, body(), { maxBytes: Number.POSITIVE_INFINITY })
  // Settles only when the upload fails (a finished upload is awaited by `end`).
  const failed = done.then(() => new Promise<never>(() => undefined))
  failed.catch(() => undefined)
  return {
    async data(chunk: Buffer) {
      const took = new Promise<void>((resolve) => (taken = resolve))
      queue.push(Buffer.from(chunk))
      wake?.()
      await Promise.race([took, failed])
    },
    async end() {
      ended = true
      wake?.()
      await done
    },
  }
}

/** The archive name for a moment: sorts by time, e.g. genesis-backup-20261127T113000Z.tar.gz. */
export function archiveName(now: Date): string {
  return `genesis-backup-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`
}

const ARCHIVE = /^genesis-backup-\d{8}T\d{6}Z\.tar\.gz$/

/** Deletes all but the newest `keep` archives in `dir` (only files named by archiveName). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => ARCHIVE.test(n)).sort()
  const old = names.slice(0, Math.max(0, names.length - keep))
  for (const name of old) await rm(join(dir, name), { force: true })
  return old
}

export interface BackupSchedule {
  /** One scheduled run now: an archive named by the clock, then pruning to the newest `keep`. */
  runNow(): Promise<{ file: string; removed: string[] }>
  stop(): Promise<void>
}

/** Backups inside the gateway every `intervalMs` (0: none), keeping the newest `keep`. */
export function scheduleBackups(
  source: BackupSource,
  options: {
    dir: string
    keep: number
    intervalMs: number
    now?: () => Date
    onError?: (error: unknown) => void
    onDone?: (result: { file: string; removed: string[] }) => void
  },
): BackupSchedule {
  const now = options.now ?? (() => new Date())
  let running: Promise<{ file: string; removed: string[] }> | undefined
  const runNow = () => {
    running ??= (async () => {
      try {
        const at = now()
        const file = join(options.dir, archiveName(at))
        await createBackup(source, file, at)
        const removed = await pruneBackups(options.dir, options.keep)
        return { file, removed }
      } finally {
        running = undefined
      }
    })()
    return running
  }
  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          runNow().then(options.onDone, options.onError)
        }, options.intervalMs)
      : undefined
  timer?.unref()
  return {
    runNow,
    async stop() {
      if (timer) clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}
