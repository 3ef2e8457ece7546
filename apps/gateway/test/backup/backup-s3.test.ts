import { execFile } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import {
  archiveName,
  BackupError,
  createBackup,
  type Manifest,
  restoreBackup,
  verifyBackup,
} from '../../src/backup/backup.ts'
import type { BlobStore } from '../../src/blob-store/blob-store.ts'
import { openBlobStore } from '../../src/blob-store/open-blob-store.ts'
import { createS3BlobStore, createS3Client } from '../../src/blob-store/s3-blob-store.ts'
import { type Config, loadConfig, type S3Settings } from '../../src/config.ts'
import { migrate } from '../../src/database/migrate.ts'
import { openPglite } from '../../src/database/pglite.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { applySecuritySettings } from '../../src/database/security-settings.ts'
import type { Database } from '../../src/database/types.ts'
import { seedDemoImages } from '../../src/demo/demo-images.ts'
import { createDeps } from '../../src/deps.ts'
import { type Keys, loadOrCreateKeys } from '../../src/keys.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { startS3Server, type TestS3Server } from '../support/s3-server.ts'

// Backups with STORAGE_BACKEND=s3 (decision 030): the bucket's objects go into the archive as
// `storage/<xx>/<blob id>`, and a restore uploads them into an empty bucket, against s3rver.

const SCHEMAS = ['public', 'storage', 'auth', 'private', 'realtime', 'supabase_migrations']

/** A digest of every row of every table in the app's schemas, per table. */
async function tableDigests(db: Database): Promise<Record<string, string>> {
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

/** The settings of a STORAGE_BACKEND=s3 gateway on this bucket. */
function s3Env(settings: S3Settings): Record<string, string> {
  return {
    STORAGE_BACKEND: 's3',
    STORAGE_S3_ENDPOINT: settings.endpoint,
    STORAGE_S3_BUCKET: settings.bucket,
    STORAGE_S3_REGION: settings.region,
    STORAGE_S3_ACCESS_KEY_ID: settings.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
    STORAGE_S3_FORCE_PATH_STYLE: String(settings.forcePathStyle),
  }
}

/** SHA-256 of every object in a bucket, by key. */
async function bucketDigests(
  client: S3Client,
  bucket: string,
  keys: string[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const key of keys) {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
    const bytes = await object.Body?.transformToByteArray()
    out[key] = createHash('sha256')
      .update(bytes ?? new Uint8Array())
      .digest('hex')
  }
  return out
}

function databaseUrl(name: string): string {
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

describe.each(drivers)('backup and restore with the files in an S3 bucket (%s)', (driver) => {
  let root: string
  let s3: TestS3Server
  let client: S3Client
  let db: TestDatabase
  let sourceUrl: string | undefined
  let config: Config
  let archive: string
  let manifest: Manifest
  let sourceKeys: Keys
  let sourceGateway: Gateway

  /** A new, empty bucket on the same S3 server; its settings. */
  async function newBucket(): Promise<S3Settings> {
    const settings = { ...s3.settings, bucket: `restore-${randomBytes(4).toString('hex')}` }
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
    return settings
  }

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'genesis-backup-s3-test-'))
    s3 = await startS3Server()
    client = createS3Client(s3.settings)
    db = await createTestDatabase(driver, { seed: true })
    if (driver === 'postgres') {
      const { rows } = await db.query<{ name: string }>('select current_database() as name')
      sourceUrl = databaseUrl(rows[0].name)
    }
    config = loadConfig({ DATA_DIR: join(root, 'source'), LOG_LEVEL: 'silent', ...s3Env(s3.settings) }, root)
    sourceKeys = await loadOrCreateKeys(config.dataDir, config)
    const deps = createDeps({ config, db, keys: sourceKeys, blobStore: await openBlobStore(config) })
    sourceGateway = createApp(deps)
    // Uploaded files: the demo logos and floor plans go through the storage service, into the bucket.
    const stored = await seedDemoImages(deps)
    expect(stored.logos).toBeGreaterThan(0)
    // And one large object (12 MiB, several multipart parts), so backup and restore stream it in
    // many chunks and the restore's upload goes up in parts.
    const large = randomBytes(12 * 1024 * 1024)
    async function* pieces() {
      for (let at = 0; at < large.length; at += 256 * 1024) yield large.subarray(at, at + 256 * 1024)
    }
    await deps.blobStore.put(randomUUID(), pieces(), { maxBytes: Number.POSITIVE_INFINITY })
    archive = join(root, 'backups', archiveName(new Date('2026-11-27T10:00:00Z')))
    manifest = await createBackup(
      {
        db,
        databaseUrl: sourceUrl,
        dataDir: config.dataDir,
        storageDir: config.storageDir,
        blobStore: deps.blobStore,
      },
      archive,
    )
  })

  afterAll(async () => {
    await sourceGateway?.stop()
    await db?.close()
    client?.destroy()
    await s3?.close()
    await rm(root, { recursive: true, force: true })
  })

  it('puts every object of the bucket in the archive as storage/<xx>/<blob id> with its SHA-256', async () => {
    const keys = await s3.objectKeys()
    expect(keys.length).toBeGreaterThan(0)
    const inBucket = await bucketDigests(client, s3.settings.bucket, keys)
    const archived = Object.fromEntries(
      manifest.entries
        .filter((entry) => entry.path.startsWith('storage/'))
        .map((entry) => [entry.path, entry.sha256]),
    )
    expect(archived).toEqual(
      Object.fromEntries(
        Object.entries(inBucket).map(([key, sha]) => [`storage/${key.slice(0, 2)}/${key}`, sha]),
      ),
    )
    expect(manifest.entries.some((entry) => entry.size === 12 * 1024 * 1024)).toBe(true)
    // Nothing came from the disk: the files are only in the bucket.
    expect(existsSync(config.storageDir)).toBe(false)
    expect(manifest.entries.map((entry) => entry.path)).toContain('keys.json')
  })

  it('restores into an empty folder (and database) and an empty bucket: every row and every object equal, and a gateway serves the same logo', async () => {
    const target = await newBucket()
    const dataDir = join(root, 'restored')
    let targetUrl: string | undefined
    let targetName: string | undefined
    if (driver === 'postgres') {
      targetName = `genesis_restore_${randomBytes(6).toString('hex')}`
      await admin((c) => c.query(`create database ${targetName} template template0`))
      targetUrl = databaseUrl(targetName)
    }
    try {
      await restoreBackup(archive, {
        dataDir,
        storageDir: join(dataDir, 'storage'),
        databaseUrl: targetUrl,
        blobStore: createS3BlobStore(target, client),
      })
      // Every object, byte for byte (SHA-256), and nothing else in the new bucket.
      const sourceKeysInBucket = await s3.objectKeys()
      const targetKeys = await objectKeysOf(target)
      expect(targetKeys).toEqual(sourceKeysInBucket)
      expect(await bucketDigests(client, target.bucket, targetKeys)).toEqual(
        await bucketDigests(client, s3.settings.bucket, sourceKeysInBucket),
      )
      // The files went to the bucket, not to the disk.
      expect(existsSync(join(dataDir, 'storage'))).toBe(false)

      const restored =
        driver === 'pglite'
          ? await openPglite(join(dataDir, 'pglite'))
          : await openPostgres(targetUrl ?? '', 2)
      try {
        expect(await tableDigests(restored)).toEqual(await tableDigests(db))
        expect(await migrate(restored)).toEqual([])
        // A gateway on the restored database and the restored bucket serves the same site.
        const restoredConfig = loadConfig(
          { DATA_DIR: dataDir, LOG_LEVEL: 'silent', SITE_URL: 'http://restored.test', ...s3Env(target) },
          root,
        )
        await applySecuritySettings(restored, restoredConfig)
        const keys = await loadOrCreateKeys(restoredConfig.dataDir, restoredConfig)
        expect(keys.anonKey).toBe(sourceKeys.anonKey)
        const blobStore = await openBlobStore(restoredConfig, { probe: true })
        const gateway = createApp(createDeps({ config: restoredConfig, db: restored, keys, blobStore }))
        try {
          const shops = await gateway.app.request('/rest/v1/shops?select=id,logo_path&order=id', {
            headers: { apikey: keys.anonKey },
          })
          expect(shops.status).toBe(200)
          const listed = (await shops.json()) as { id: string; logo_path: string | null }[]
          const logoPath = listed.find((shop) => shop.logo_path)?.logo_path
          expect(logoPath).toBeTruthy()
          const logo = await gateway.app.request(`/storage/v1/object/public/shop-logos/${logoPath}`)
          expect(logo.status).toBe(200)
          const original = await sourceGateway.app.request(`/storage/v1/object/public/shop-logos/${logoPath}`)
          expect(original.status).toBe(200)
          const bytes = Buffer.from(await logo.arrayBuffer())
          expect(bytes.length).toBeGreaterThan(0)
          expect(bytes).toEqual(Buffer.from(await original.arrayBuffer()))
        } finally {
          await gateway.stop()
        }
      } finally {
        await restored.close()
      }
    } finally {
      if (targetName) {
        const name = targetName
        await admin((c) => c.query(`drop database if exists ${name} with (force)`))
      }
    }
  })

  it('refuses a restore into a bucket that holds any object, writing nothing anywhere', async () => {
    const target = await newBucket()
    await client.send(new PutObjectCommand({ Bucket: target.bucket, Key: 'notes/readme.txt', Body: 'mine' }))
    const dataDir = join(root, `refused-${randomBytes(4).toString('hex')}`)
    const error = await restoreBackup(archive, {
      dataDir,
      storageDir: join(dataDir, 'storage'),
      databaseUrl: sourceUrl && databaseUrl('postgres'),
      blobStore: createS3BlobStore(target, client),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BackupError)
    expect((error as Error).message).toMatch(/S3 bucket \(STORAGE_S3_BUCKET\) is not empty/)
    expect(await objectKeysOf(target)).toEqual(['notes/readme.txt'])
    expect(existsSync(dataDir)).toBe(false)
  })

  // PGlite only: a PostgreSQL restore would need yet another empty database, and the upload path is the same.
  if (driver === 'pglite')
    it('removes every object it uploaded when an upload fails midway, leaving the bucket and folder empty', async () => {
      const target = await newBucket()
      const dataDir = join(root, `failing-${randomBytes(4).toString('hex')}`)
      const store = createS3BlobStore(target, client)
      const blobs = manifest.entries.filter((e) => e.path.startsWith('storage/'))
      expect(blobs.length).toBeGreaterThan(1)
      const lastKey = blobs[blobs.length - 1].path.split('/')[2]
      let uploadedBefore: string[] = []
      // The last blob's upload breaks after its first chunk, when the others are in the bucket.
      const failing: BlobStore = {
        ...store,
        async put(key, body, options) {
          if (key !== lastKey) return store.put(key, body, options)
          uploadedBefore = await objectKeysOf(target)
          await body[Symbol.asyncIterator]().next()
          throw new Error('connection reset by the S3 server')
        },
      }
      const error = await restoreBackup(archive, {
        dataDir,
        storageDir: join(dataDir, 'storage'),
        blobStore: failing,
      }).catch((e: unknown) => e)
      expect((error as Error).message).toBe('connection reset by the S3 server')
      expect(uploadedBefore).toHaveLength(blobs.length - 1)
      expect(await objectKeysOf(target)).toEqual([])
      expect(await readdir(dataDir).catch(() => [])).toEqual([])
    })

  if (driver === 'pglite')
    it('npm run restore uploads into an empty bucket, then npm run backup archives that bucket (no refusal)', async () => {
      const target = await newBucket()
      const env = {
        ...process.env,
        ...s3Env(target),
        DATA_DIR: join(root, 'cli-restored'),
        DATABASE_URL: '',
        STORAGE_DIR: '',
        LOG_LEVEL: 'silent',
      }
      const cli = (name: string, args: string[], more: Record<string, string> = {}) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
          execFile(
            process.execPath,
            [fileURLToPath(new URL(`../../src/cli/${name}.ts`, import.meta.url)), ...args],
            { env: { ...env, ...more } },
            (error, stdout, stderr) => done({ code: error ? Number(error.code) : 0, stdout, stderr }),
          )
        })
      const restored = await cli('restore', [archive])
      expect(restored).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Restored \d+ entries/) })
      expect(await objectKeysOf(target)).toEqual(await s3.objectKeys())
      // The bucket is no longer empty: a second restore, into another empty folder, is refused.
      const otherDir = join(root, 'cli-other')
      const again = await cli('restore', [archive], { DATA_DIR: otherDir })
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(/^Restore refused: the S3 bucket \(STORAGE_S3_BUCKET\) is not empty/)
      expect(existsSync(otherDir)).toBe(false)

      const second = join(root, 'cli-backup.tar.gz')
      const backedUp = await cli('backup', [second])
      expect(backedUp).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Backup written: /) })
      const blobsOf = (m: Manifest) =>
        m.entries.filter((e) => e.path.startsWith('storage/')).map((e) => `${e.path} ${e.sha256}`)
      expect(blobsOf(await verifyBackup(second))).toEqual(blobsOf(manifest))
    }, 120_000)
})

/** The object keys of a bucket, sorted. */
async function objectKeysOf(settings: S3Settings): Promise<string[]> {
  const client = createS3Client(settings)
  try {
    const keys: string[] = []
    let ContinuationToken: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken }))
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key)
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (ContinuationToken)
    return keys.sort()
  } finally {
    client.destroy()
  }
}
