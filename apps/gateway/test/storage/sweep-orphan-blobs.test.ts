import { randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepOrphanBlobs } from '../../src/services/storage/sweep-orphan-blobs.ts'
import { createStorageFixture, PDF, pdfBlob, type StorageFixture, storageCases } from './storage-fixture.ts'

async function* bytes(data: Uint8Array) {
  yield data
}

describe.each(storageCases)('orphan blob sweep (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
  })
  afterAll(() => f.close())

  it('removes blobs without a row and interrupted writes, keeps live blobs and anything recent', async () => {
    await f.admin.storage.from('floor-plans').upload('live.pdf', pdfBlob())
    const orphan = randomUUID()
    await f.gw.deps.blobStore.put(orphan, bytes(PDF), { maxBytes: 1000 })
    // An interrupted write: a temporary file on disk. (On S3 it would be a multipart upload never
    // completed; s3rver cannot list those, so the S3 half proves the orphan sweep only.)
    const interrupted = backend === 'disk' ? 1 : 0
    if (backend === 'disk') {
      const folder = join(f.storageDir, orphan.slice(0, 2))
      mkdirSync(folder, { recursive: true })
      writeFileSync(join(folder, `.tmp-${orphan}-abc`), 'half a file')
    }
    expect(await f.storedBlobs()).toHaveLength(2 + interrupted)

    // Within the grace period nothing is touched: it could be an upload about to commit.
    expect(await sweepOrphanBlobs(f.gw.deps)).toEqual({ orphans: 0, incomplete: 0 })
    expect(await f.storedBlobs()).toHaveLength(2 + interrupted)

    const later = new Date(Date.now() + 2 * 3600_000)
    expect(await sweepOrphanBlobs(f.gw.deps, { now: later })).toEqual({ orphans: 1, incomplete: interrupted })
    expect(await f.storedBlobs()).toHaveLength(1)
    const { data } = await f.anon.storage.from('floor-plans').download('live.pdf')
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
  })
})
