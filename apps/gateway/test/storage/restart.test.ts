import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../src/app.ts'
import { TEST_URL } from '../support/gateway.ts'
import { createStorageFixture, DEMO, PDF, PNG, type StorageFixture, storageCases } from './storage-fixture.ts'

const A = DEMO.tenantA.tenantId

describe.each(storageCases)('storage across a restart (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
  })
  afterAll(() => f.close())

  it('keeps every file when a new gateway opens the same folder or bucket and database', async () => {
    const files = [
      { bucket: 'statements', path: `${A}/2026-10.pdf`, bytes: PDF, type: 'application/pdf' },
      { bucket: 'shop-logos', path: 'g01/logo.png', bytes: PNG, type: 'image/png' },
      { bucket: 'floor-plans', path: 'ground/unit-12.pdf', bytes: PDF, type: 'application/pdf' },
    ]
    for (const file of files) {
      const { error } = await f.admin.storage
        .from(file.bucket)
        .upload(file.path, new Blob([file.bytes], { type: file.type }))
      expect(error).toBeNull()
    }
    const { data: signed } = await f.admin.storage.from('statements').createSignedUrl(`${A}/2026-10.pdf`, 600)

    // A second gateway: new app, new blob store over the same folder or bucket, same database and keys.
    const { app } = createApp({ ...f.gw.deps, blobStore: f.newBlobStore() })
    const fetchInProcess: typeof fetch = async (input, init) => app.fetch(new Request(input, init))
    const restarted = createClient(TEST_URL, f.gw.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: fetchInProcess },
    })
    for (const file of files) {
      const { data, error } = await restarted.storage.from(file.bucket).download(file.path)
      expect(error).toBeNull()
      expect(new Uint8Array(await data!.arrayBuffer())).toEqual(file.bytes)
    }
    // Signed URLs issued before the restart still work (the key persists).
    expect((await app.fetch(new Request(signed!.signedUrl))).status).toBe(200)
    expect((await f.storedBlobs()).filter((p) => p.includes('.tmp-'))).toEqual([])
  })
})
