import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  archiveName,
  BackupError,
  createBackup,
  type Manifest,
  restoreBackup,
  verifyBackup,
} from '../../src/backup/backup.ts'
import type { BlobStore } from '../../src/blob-store/blob-store.ts'
import { createS3BlobStore, createS3Client } from '../../src/blob-store/s3-blob-store.ts'
import type { S3Settings } from '../../src/config.ts'
import { migrate } from '../../src/database/migrate.ts'
import {
  type BackupSource,
  databaseUrl,
  emptyTargetDatabase,
  openRestored,
  restoredGateway,
  runCli,
  startBackupSource,
  tableDigests,
} from '../support/backup-fixture.ts'
import { drivers } from '../support/database.ts'
import { startS3Server, type TestS3Server } from '../support/s3-server.ts'

// Backups with STORAGE_BACKEND=s3 (decision 030): the bucket's objects go into the archive as
// `storage/<xx>/<blob id>`, and a restore uploads them into an empty bucket, against s3rver.

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

describe.each(drivers)('backup and restore with the files in an S3 bucket (%s)', (driver) => {
  let s3: TestS3Server
  let client: S3Client
  let from: BackupSource
  let root: string
  let sourceUrl: string | undefined
  let archive: string
  let manifest: Manifest

  /** A new, empty bucket on the same S3 server; its settings. */
  async function newBucket(): Promise<S3Settings> {
    const settings = { ...s3.settings, bucket: `restore-${randomBytes(4).toString('hex')}` }
    await client.send(new CreateBucketCommand({ Bucket: settings.bucket }))
    return settings
  }

  beforeAll(async () => {
    s3 = await startS3Server()
    client = createS3Client(s3.settings)
    // Uploaded files: the demo logos and floor plans go through the storage service, into the bucket.
    from = await startBackupSource(driver, s3Env(s3.settings))
    root = from.root
    sourceUrl = from.databaseUrl
    // And one large object (12 MiB, several multipart parts), so backup and restore stream it in
    // many chunks and the restore's upload goes up in parts.
    const large = randomBytes(12 * 1024 * 1024)
    async function* pieces() {
      for (let at = 0; at < large.length; at += 256 * 1024) yield large.subarray(at, at + 256 * 1024)
    }
    await from.deps.blobStore.put(randomUUID(), pieces(), { maxBytes: Number.POSITIVE_INFINITY })
    archive = join(root, 'backups', archiveName(new Date('2026-11-27T10:00:00Z')))
    manifest = await createBackup(
      {
        db: from.db,
        databaseUrl: sourceUrl,
        dataDir: from.config.dataDir,
        storageDir: from.config.storageDir,
        blobStore: from.deps.blobStore,
      },
      archive,
    )
  })

  afterAll(async () => {
    await from?.close()
    client?.destroy()
    await s3?.close()
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
    expect(existsSync(from.config.storageDir)).toBe(false)
    expect(manifest.entries.map((entry) => entry.path)).toContain('keys.json')
  })

  it('restores into an empty folder (and database) and an empty bucket: every row and every object equal, and a gateway serves the same logo', async () => {
    const target = await newBucket()
    const dataDir = join(root, 'restored')
    const targetDb = await emptyTargetDatabase(driver)
    const targetUrl = targetDb.databaseUrl
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

      const restored = await openRestored(driver, dataDir, targetUrl)
      try {
        expect(await tableDigests(restored)).toEqual(await tableDigests(from.db))
        expect(await migrate(restored)).toEqual([])
        // A gateway on the restored database and the restored bucket serves the same site.
        const { gateway, keys } = await restoredGateway(restored, dataDir, root, s3Env(target))
        expect(keys.anonKey).toBe(from.keys.anonKey)
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
          const original = await from.gateway.app.request(`/storage/v1/object/public/shop-logos/${logoPath}`)
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
      await targetDb.drop()
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
      const cli = (name: 'backup' | 'restore', args: string[], more: Record<string, string> = {}) =>
        runCli(name, args, { ...env, ...more })
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
