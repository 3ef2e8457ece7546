import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorageFixture, PDF, PNG, type StorageFixture, storageCases } from './storage-fixture.ts'

/** The same gateway behind a real HTTP server on loopback: what a browser or a script meets. */
describe.each(storageCases)('storage over a real socket (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  let server: ReturnType<typeof serve>
  let base: string
  let client: SupabaseClient
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    server = serve({ fetch: f.gw.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    client = createClient(base, f.gw.keys.serviceRoleKey, { auth: { persistSession: false } })
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await f.close()
  })

  it('refuses an oversize upload early and the next request on the client still works', async () => {
    const big = new Uint8Array(3 * 1024 * 1024)
    big.set(PNG)
    const multipart = await client.storage
      .from('shop-logos')
      .upload('x/big.png', new Blob([big], { type: 'image/png' }))
    expect(multipart.error).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' })
    const raw = await client.storage.from('shop-logos').upload('x/big.png', big, { contentType: 'image/png' })
    expect(raw.error).toMatchObject({ statusCode: '413' })

    const fine = new Uint8Array(1024 * 1024)
    fine.set(PNG)
    const ok = await client.storage
      .from('shop-logos')
      .upload('x/fine.png', new Blob([fine], { type: 'image/png' }))
    expect(ok.error).toBeNull()
    const { data } = await client.storage.from('shop-logos').download('x/fine.png')
    expect(data?.size).toBe(fine.length)
    expect(await f.objectCount()).toBe(1)
    expect(await f.storedBlobs()).toHaveLength(1)
  })

  it('leaves no row and no file when the client aborts an upload midway', async () => {
    const controller = new AbortController()
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(stream) {
        sent += 1
        if (sent === 1) stream.enqueue(PDF)
        else if (sent < 50) stream.enqueue(new Uint8Array(16 * 1024).fill(0x20))
        else {
          controller.abort()
          await new Promise(() => undefined)
        }
      },
    })
    const attempt = fetch(`${base}/storage/v1/object/statements/aborted.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.gw.keys.serviceRoleKey}`, 'content-type': 'application/pdf' },
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit)
    await expect(attempt).rejects.toThrow()
    // The server notices the broken connection on its own schedule: poll (at most 5 s) until the
    // partial blob is gone, then check that nothing else was left.
    for (let waited = 0; (await f.storedBlobs()).length > 1 && waited < 5000; waited += 50) {
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(await f.objectCount('statements')).toBe(0)
    expect(await f.storedBlobs()).toHaveLength(1)
    expect((await f.storedBlobs()).some((p) => p.includes('.tmp-'))).toBe(false)
  })
})
