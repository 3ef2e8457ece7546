import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { BlobStore } from '../../src/blob-store/blob-store.ts'
import { createDiskBlobStore } from '../../src/blob-store/disk-blob-store.ts'
import { createS3BlobStore } from '../../src/blob-store/s3-blob-store.ts'
import { type Driver, drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, TEST_URL, type TestGateway } from '../support/gateway.ts'
import { type Backend, backends, startS3Server, type TestS3Server } from '../support/s3-server.ts'
import { type Aal, DEMO, signToken, userClaims } from '../support/tokens.ts'

/** Every storage test runs on each database driver with each blob backend: [driver, backend]. */
export const storageCases: [Driver, Backend][] = drivers.flatMap((driver) =>
  backends.map((backend): [Driver, Backend] => [driver, backend]),
)

export interface StorageFixture {
  gw: TestGateway
  backend: Backend
  /** The disk backend's folder (also made for the S3 backend, where it stays empty). */
  storageDir: string
  /** The test S3 server when the backend is s3. */
  s3: TestS3Server | undefined
  anon: SupabaseClient
  service: SupabaseClient
  admin: SupabaseClient
  tenantA: SupabaseClient
  tenantB: SupabaseClient
  /**
   * What the blob store holds: every file under the storage folder (blobs and any leftover
   * temporary file), or every object in the bucket.
   */
  storedBlobs(): Promise<string[]>
  /** A second blob store over the same folder or bucket (a restarted gateway's). */
  newBlobStore(): BlobStore
  /** Rows in storage.objects (all of them, read as the gateway). */
  objectCount(bucket?: string): Promise<number>
  /** A raw request to the in-process gateway. */
  fetch(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/**
 * The gateway on the seeded demo database with a fresh, private storage folder, or (backend s3) a
 * fresh bucket on a real S3-compatible server started for this fixture.
 */
export async function createStorageFixture(
  driver: Driver,
  backend: Backend = 'disk',
  env: Record<string, string> = {},
): Promise<StorageFixture> {
  const storageDir = mkdtempSync(join(tmpdir(), 'genesis-storage-'))
  const s3 = backend === 's3' ? await startS3Server() : undefined
  const s3Env: Record<string, string> = s3
    ? {
        STORAGE_BACKEND: 's3',
        STORAGE_S3_ENDPOINT: s3.settings.endpoint,
        STORAGE_S3_BUCKET: s3.settings.bucket,
        STORAGE_S3_REGION: s3.settings.region,
        STORAGE_S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        STORAGE_S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
        STORAGE_S3_FORCE_PATH_STYLE: String(s3.settings.forcePathStyle),
      }
    : {}
  const gw = await createTestGateway(driver, {
    seed: true,
    env: { STORAGE_DIR: storageDir, ...s3Env, ...env },
  })
  const tokenOf = (user: { id: string; email: string; role: string }, options: { aal?: Aal } = {}) =>
    signToken(userClaims(user, options), TEST_JWT_SECRET)
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    )
  return {
    gw,
    backend,
    storageDir,
    s3,
    anon: gw.client(),
    service: gw.client({ key: gw.keys.serviceRoleKey }),
    admin: gw.client({ accessToken: await tokenOf(DEMO.admin, { aal: 'aal2' }) }),
    tenantA: gw.client({ accessToken: await tokenOf(DEMO.tenantA) }),
    tenantB: gw.client({ accessToken: await tokenOf(DEMO.tenantB) }),
    storedBlobs: async () => (s3 ? s3.objectKeys() : walk(storageDir)),
    newBlobStore: () => (s3 ? createS3BlobStore(s3.settings) : createDiskBlobStore(storageDir)),
    async objectCount(bucket) {
      const { rows } = await gw.db.query<{ n: number }>(
        'select count(*)::int as n from storage.objects where $1::text is null or bucket_id = $1',
        [bucket ?? null],
      )
      return rows[0].n
    },
    fetch: (path, init) => Promise.resolve(gw.app.fetch(new Request(new URL(path, TEST_URL), init))),
    async close() {
      await gw.close()
      await s3?.close()
      rmSync(storageDir, { recursive: true, force: true })
    },
  }
}

export const PDF = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
  8, 6, 0, 0, 0, 0x1f, 0x15, 0xc4, 0x89,
])
export const pdfBlob = () => new Blob([PDF], { type: 'application/pdf' })
export const pngBlob = () => new Blob([PNG], { type: 'image/png' })
export { DEMO }
