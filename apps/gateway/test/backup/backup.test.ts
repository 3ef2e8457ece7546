import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  archiveName,
  BackupError,
  createBackup,
  type Manifest,
  pruneBackups,
  restoreBackup,
  scheduleBackups,
  verifyBackup,
} from '../../src/backup/backup.ts'
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
import { createTestDatabase, drivers } from '../support/database.ts'

/** SHA-256 of every file under a folder, by relative path. */
async function fileDigests(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    out[path.slice(dir.length + 1)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex')
  }
  return out
}

describe.each(drivers)('backup and restore (%s)', (driver) => {
  let from: BackupSource
  let root: string
  let db: BackupSource['db']
  let sourceUrl: string | undefined
  let source: { dataDir: string; storageDir: string }
  let archive: string
  let manifest: Manifest

  beforeAll(async () => {
    from = await startBackupSource(driver)
    root = from.root
    db = from.db
    sourceUrl = from.databaseUrl
    source = { dataDir: from.config.dataDir, storageDir: from.config.storageDir }
    archive = join(root, 'backups', archiveName(new Date('2026-11-27T10:00:00Z')))
    manifest = await createBackup({ db, databaseUrl: sourceUrl, ...source }, archive)
  })

  afterAll(async () => {
    await from?.close()
  })

  it('writes one archive with a manifest and a SHA-256 per file and per dump', async () => {
    expect(manifest.engine).toBe(driver)
    const paths = manifest.entries.map((e) => e.path)
    expect(paths).toContain(driver === 'pglite' ? 'database/pglite.tar.gz' : 'database/postgres.dump')
    expect(paths).toContain('keys.json')
    const files = await fileDigests(source.storageDir)
    expect(Object.keys(files).length).toBeGreaterThan(0)
    for (const [path, sha256] of Object.entries(files)) {
      expect(manifest.entries).toContainEqual(expect.objectContaining({ path: `storage/${path}`, sha256 }))
    }
    for (const entry of manifest.entries) expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('restores into an empty folder (and database): every row of every table and every file equal', async () => {
    const target = { dataDir: join(root, 'restored'), storageDir: join(root, 'restored', 'storage') }
    const targetDb = await emptyTargetDatabase(driver)
    const targetUrl = targetDb.databaseUrl
    try {
      await restoreBackup(archive, { ...target, databaseUrl: targetUrl })
      const restored = await openRestored(driver, target.dataDir, targetUrl)
      try {
        const before = await tableDigests(db)
        const after = await tableDigests(restored)
        expect(Object.keys(before).length).toBeGreaterThan(20)
        expect(after).toEqual(before)
        // The migrations' bookkeeping came along: nothing left to apply.
        const { rows } = await restored.query<{ n: number }>(
          'select count(*)::int as n from supabase_migrations.schema_migrations',
        )
        expect(rows[0].n).toBeGreaterThan(0)
        // Grants and row-level security came along: anon reads published rows only through RLS.
        const rls = await restored.query<{ n: number }>(
          `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relrowsecurity`,
        )
        const rlsBefore = await db.query<{ n: number }>(
          `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relrowsecurity`,
        )
        expect(rls.rows[0].n).toBe(rlsBefore.rows[0].n)
        const grants = `select grantee, table_schema, table_name, privilege_type from information_schema.role_table_grants
                         where grantee in ('anon', 'authenticated', 'service_role') order by 1, 2, 3, 4`
        expect((await restored.query(grants)).rows).toEqual((await db.query(grants)).rows)

        // A gateway on the restored folder (and database) serves the same site: nothing to migrate,
        // the same keys, the same published shops over REST and the same logo bytes over storage.
        expect(await migrate(restored)).toEqual([])
        const { gateway, keys } = await restoredGateway(restored, target.dataDir, root)
        expect(keys.anonKey).toBe(from.keys.anonKey)
        try {
          const shops = await gateway.app.request(
            '/rest/v1/shops?select=id,trading_name,logo_path&order=id',
            {
              headers: { apikey: keys.anonKey },
            },
          )
          expect(shops.status).toBe(200)
          const listed = (await shops.json()) as { id: string; logo_path: string | null }[]
          const { rows: published } = await db.query<{ id: string }>(
            'select id from public.shops where is_published order by id',
          )
          expect(listed.map((shop) => shop.id)).toEqual(published.map((shop) => shop.id))
          const logoPath = listed.find((shop) => shop.logo_path)?.logo_path
          expect(logoPath).toBeTruthy()
          const logo = await gateway.app.request(`/storage/v1/object/public/shop-logos/${logoPath}`)
          expect(logo.status).toBe(200)
          const original = await from.gateway.app.request(`/storage/v1/object/public/shop-logos/${logoPath}`)
          expect(Buffer.from(await logo.arrayBuffer())).toEqual(Buffer.from(await original.arrayBuffer()))
        } finally {
          await gateway.stop()
        }
      } finally {
        await restored.close()
      }
      expect(await fileDigests(target.storageDir)).toEqual(await fileDigests(source.storageDir))
      expect(await readFile(join(target.dataDir, 'keys.json'), 'utf8')).toBe(
        await readFile(join(source.dataDir, 'keys.json'), 'utf8'),
      )
    } finally {
      await targetDb.drop()
    }
  })

  it('refuses a restore into a folder that is not empty, changing nothing', async () => {
    const dataDir = join(root, 'occupied')
    await mkdir(dataDir, { recursive: true })
    await writeFile(join(dataDir, 'something'), 'mine')
    const error = await restoreBackup(archive, {
      dataDir,
      storageDir: join(dataDir, 'storage'),
      databaseUrl: sourceUrl && databaseUrl('postgres'),
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BackupError)
    expect((error as Error).message).toMatch(/is not empty/)
    expect(await readdir(dataDir)).toEqual(['something'])
  })

  // Only PostgreSQL has a database apart from the folder (PGlite's lives in the folder above).
  if (driver === 'postgres')
    it('refuses a restore into a database that is not empty', async () => {
      const error = await restoreBackup(archive, {
        dataDir: join(root, 'unused-folder'),
        storageDir: join(root, 'unused-folder', 'storage'),
        databaseUrl: sourceUrl,
      }).catch((e: unknown) => e)
      expect((error as Error).message).toMatch(/database at DATABASE_URL is not empty/)
      expect(existsSync(join(root, 'unused-folder'))).toBe(false)
    })

  it('refuses a corrupt archive (a flipped byte, or a file whose checksum does not match) and writes nothing', async () => {
    const bytes = await readFile(archive)
    const flipped = Buffer.from(bytes)
    flipped[Math.floor(flipped.length / 2)] ^= 0xff
    const corrupt = join(root, 'corrupt.tar.gz')
    await writeFile(corrupt, flipped)
    // A well-formed archive whose blob was changed after the manifest was written.
    const tar = gunzipSync(bytes)
    const blob = manifest.entries.find((e) => e.path.startsWith('storage/'))
    expect(blob).toBeDefined()
    const at = tar.indexOf(Buffer.from(blob?.path ?? '')) + 512
    tar[at] ^= 0x01
    const tampered = join(root, 'tampered.tar.gz')
    await writeFile(tampered, gzipSync(tar))

    for (const file of [corrupt, tampered]) {
      const dataDir = join(root, `target-${randomBytes(4).toString('hex')}`)
      const error = await restoreBackup(file, {
        dataDir,
        storageDir: join(dataDir, 'storage'),
        databaseUrl: sourceUrl && databaseUrl('postgres'),
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(BackupError)
      expect((error as Error).message).toMatch(/corrupt/)
      expect(existsSync(dataDir)).toBe(false)
    }
    await expect(verifyBackup(tampered)).rejects.toThrow(`checksum mismatch for ${blob?.path}`)
  })
})

describe('backup schedule and commands', () => {
  it('writes an archive per run named by the clock and keeps the newest N', {
    timeout: 120_000,
  }, async () => {
    const root = await mkdtemp(join(tmpdir(), 'genesis-backup-schedule-'))
    const db = await createTestDatabase('pglite')
    try {
      const dir = join(root, 'backups')
      await mkdir(dir, { recursive: true })
      await writeFile(join(dir, 'not-a-backup.txt'), 'kept')
      let clock = new Date('2026-11-27T00:00:00Z')
      const schedule = scheduleBackups(
        { db, dataDir: join(root, 'data'), storageDir: join(root, 'data', 'storage') },
        { dir, keep: 3, intervalMs: 0, now: () => clock },
      )
      const written: string[] = []
      for (let i = 0; i < 5; i++) {
        const { file } = await schedule.runNow()
        written.push(file)
        clock = new Date(clock.getTime() + 6 * 3600_000)
      }
      await schedule.stop()
      expect((await readdir(dir)).sort()).toEqual(
        [...written.slice(2).map((f) => f.slice(dir.length + 1)), 'not-a-backup.txt'].sort(),
      )
      expect(written[4]).toMatch(/genesis-backup-20261128T000000Z\.tar\.gz$/)
      expect(await pruneBackups(dir, 1)).toHaveLength(2)
    } finally {
      await db.close()
      await rm(root, { recursive: true, force: true })
    }
  })

  it('npm run restore restores an archive, then refuses the same folder and a corrupt file', async () => {
    const root = await mkdtemp(join(tmpdir(), 'genesis-restore-cli-'))
    const db = await createTestDatabase('pglite')
    try {
      const archive = join(root, archiveName(new Date('2026-11-27T10:00:00Z')))
      await createBackup(
        { db, dataDir: join(root, 'data'), storageDir: join(root, 'data', 'storage') },
        archive,
      )

      const restore = (file: string) =>
        runCli('restore', [file], {
          ...process.env,
          DATA_DIR: join(root, 'restored'),
          DATABASE_URL: '',
          STORAGE_DIR: '',
        })
      const restored = await restore(archive)
      expect(restored).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Restored \d+ entries/) })
      expect(await readdir(join(root, 'restored'))).toContain('pglite')
      const again = await restore(archive)
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(/^Restore refused: .* is not empty/)
      await writeFile(join(root, 'junk.tar.gz'), 'not an archive')
      const junk = await restore(join(root, 'junk.tar.gz'))
      expect(junk.code).toBe(1)
      expect(junk.stderr).toMatch(/^Restore refused: .*is corrupt or not a backup archive/)
    } finally {
      await db.close()
      await rm(root, { recursive: true, force: true })
    }
  }, 120_000)
})
