import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Driver } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, TEST_URL, type TestGateway } from '../support/gateway.ts'
import { type Aal, DEMO, signToken, userClaims } from '../support/tokens.ts'

export interface StorageFixture {
  gw: TestGateway
  storageDir: string
  anon: SupabaseClient
  service: SupabaseClient
  admin: SupabaseClient
  tenantA: SupabaseClient
  tenantB: SupabaseClient
  /** Every file under the storage folder (blobs and any leftover temporary file). */
  filesOnDisk(): string[]
  /** Rows in storage.objects (all of them, read as the gateway). */
  objectCount(bucket?: string): Promise<number>
  /** A raw request to the in-process gateway. */
  fetch(path: string, init?: RequestInit): Promise<Response>
  close(): Promise<void>
}

/** The gateway on the seeded demo database with a fresh, private storage folder. */
export async function createStorageFixture(
  driver: Driver,
  env: Record<string, string> = {},
): Promise<StorageFixture> {
  const storageDir = mkdtempSync(join(tmpdir(), 'genesis-storage-'))
  const gw = await createTestGateway(driver, { seed: true, env: { STORAGE_DIR: storageDir, ...env } })
  const tokenOf = (user: { id: string; email: string; role: string }, options: { aal?: Aal } = {}) =>
    signToken(userClaims(user, options), TEST_JWT_SECRET)
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    )
  return {
    gw,
    storageDir,
    anon: gw.client(),
    service: gw.client({ key: gw.keys.serviceRoleKey }),
    admin: gw.client({ accessToken: await tokenOf(DEMO.admin, { aal: 'aal2' }) }),
    tenantA: gw.client({ accessToken: await tokenOf(DEMO.tenantA) }),
    tenantB: gw.client({ accessToken: await tokenOf(DEMO.tenantB) }),
    filesOnDisk: () => walk(storageDir),
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
