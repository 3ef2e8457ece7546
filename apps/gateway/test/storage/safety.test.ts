import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorageFixture, DEMO, PDF, PNG, type StorageFixture, storageCases } from './storage-fixture.ts'

const A = DEMO.tenantA.tenantId

/** A body stream of `chunks` chunks of `size` bytes, counting how many were pulled. */
function countingStream(chunks: number, size: number, first?: Uint8Array) {
  const state = { pulled: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) {
        controller.close()
        return
      }
      const chunk = new Uint8Array(size).fill(0x41)
      if (state.pulled === 0 && first) chunk.set(first)
      state.pulled += 1
      controller.enqueue(chunk)
    },
  })
  return { stream, state }
}

describe.each(storageCases)('storage safety (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    await f.service.storage.createBucket('tiny', { public: false, fileSizeLimit: 4096 })
  })
  afterAll(() => f.close())

  const nothingLeft = async () => {
    expect(await f.objectCount()).toBe(0)
    expect(await f.storedBlobs()).toEqual([])
  }

  it('refuses an oversize upload with EntityTooLarge, leaving nothing behind', async () => {
    const { error } = await f.admin.storage.from('tiny').upload('big.bin', new Uint8Array(5000), {
      contentType: 'application/octet-stream',
    })
    expect(error).toMatchObject({
      statusCode: '413',
      status: 400,
      message: 'The object exceeded the maximum allowed size',
    })
    const multipart = await f.admin.storage.from('tiny').upload('big.bin', new Blob([new Uint8Array(5000)]))
    expect(multipart.error).toMatchObject({ statusCode: '413' })
    await nothingLeft()
  })

  it('stops reading an oversize stream as soon as the limit is passed', async () => {
    const { stream, state } = countingStream(10_000, 1024)
    const { error } = await f.admin.storage
      .from('tiny')
      .upload('stream.bin', stream, { contentType: 'application/octet-stream' })
    expect(error).toMatchObject({ statusCode: '413' })
    // 4 KiB allowed: the fifth 1 KiB chunk passes the limit; a few more may be buffered, not 10 000.
    expect(state.pulled).toBeLessThan(20)
    await nothingLeft()
  })

  it('refuses a content type the bucket does not allow (InvalidMimeType), leaving nothing behind', async () => {
    const { error } = await f.admin.storage
      .from('statements')
      .upload(`${A}/page.html`, new Blob(['<html></html>'], { type: 'text/html' }))
    expect(error).toMatchObject({ statusCode: '415', message: 'mime type text/html is not supported' })
    const raw = await f.admin.storage.from('shop-logos').upload('x/logo.txt', 'not an image')
    expect(raw.error).toMatchObject({
      statusCode: '415',
      message: 'mime type text/plain;charset=UTF-8 is not supported',
    })
    await nothingLeft()
  })

  it('refuses a file whose leading bytes contradict its declared type', async () => {
    const fakePdf = await f.admin.storage
      .from('statements')
      .upload(
        `${A}/fake.pdf`,
        new Blob(['<html><script>alert(1)</script></html>'], { type: 'application/pdf' }),
      )
    expect(fakePdf.error).toMatchObject({
      statusCode: '415',
      message: 'mime type application/pdf does not match the content of the file',
    })
    const fakePng = await f.admin.storage
      .from('shop-logos')
      .upload('x/logo.png', new TextEncoder().encode('<svg onload=alert(1)>'), { contentType: 'image/png' })
    expect(fakePng.error).toMatchObject({ statusCode: '415' })
    const jpegAsPng = await f.admin.storage
      .from('shop-logos')
      .upload(
        'x/logo.png',
        new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/png' }),
      )
    expect(jpegAsPng.error).toMatchObject({ statusCode: '415' })
    await nothingLeft()
    // The real thing goes through.
    expect(
      (await f.admin.storage.from('shop-logos').upload('x/logo.png', PNG, { contentType: 'image/png' }))
        .error,
    ).toBeNull()
    expect((await f.admin.storage.from('shop-logos').remove(['x/logo.png'])).data).toHaveLength(1)
    await nothingLeft()
  })

  // URLs resolve literal `.`/`..` segments (and `%2e%2e`, and `\\`) before any server sees them;
  // these are the encodings that do reach the gateway.
  it.each([
    ['..%2Foutside.pdf', 'parent segment'],
    ['a%2F..%2F..%2Foutside.pdf', 'parents hidden in one segment'],
    ['%2Fetc%2Fpasswd', 'absolute path'],
    ['a%5C..%5Coutside.pdf', 'backslashes'],
    ['a%00b.pdf', 'NUL byte'],
    ['a%0Ab.pdf', 'newline'],
    ['a%2F%2Fb.pdf', 'empty segment'],
    ['%E0%A4%A.pdf', 'broken percent-encoding'],
  ])('refuses the path %j (%s) without writing anything', async (path) => {
    const res = await f.fetch(`/storage/v1/object/statements/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.gw.keys.serviceRoleKey}`, 'content-type': 'application/pdf' },
      body: PDF,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    await nothingLeft()
  })

  it('refuses traversal in move and copy (names in JSON bodies)', async () => {
    const statements = f.service.storage.from('statements')
    await statements.upload(`${A}/ok.pdf`, PDF, { contentType: 'application/pdf' })
    const move = await statements.move(`${A}/ok.pdf`, '../../etc/passwd')
    expect(move.error).toMatchObject({ statusCode: '400', message: 'Invalid key: ../../etc/passwd' })
    const copy = await statements.copy(`${A}/ok.pdf`, `${A}/../x.pdf`)
    expect(copy.error).toMatchObject({ statusCode: '400' })
    const absolute = await statements.move(`${A}/ok.pdf`, '/root.pdf')
    expect(absolute.error).toMatchObject({ statusCode: '400' })
    expect((await statements.list(A)).data?.map((e) => e.name)).toEqual(['ok.pdf'])
    expect((await statements.remove([`${A}/ok.pdf`])).data).toHaveLength(1)
    await nothingLeft()
  })

  it('leaves no row and no file when an upload stream fails midway', async () => {
    let sent = 0
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        if (sent === 1) controller.enqueue(PDF)
        else if (sent < 4) controller.enqueue(new Uint8Array(1024).fill(0x20))
        else controller.error(new Error('connection reset'))
      },
    })
    const { error } = await f.admin.storage
      .from('statements')
      .upload(`${A}/broken.pdf`, broken, { contentType: 'application/pdf' })
    expect(error).not.toBeNull()
    await nothingLeft()
    // The same path works afterwards: nothing half-written is in the way.
    const retry = await f.admin.storage
      .from('statements')
      .upload(`${A}/broken.pdf`, new Blob([PDF], { type: 'application/pdf' }))
    expect(retry.error).toBeNull()
    expect((await f.admin.storage.from('statements').remove([`${A}/broken.pdf`])).data).toHaveLength(1)
    await nothingLeft()
  })

  it('refuses malformed and oversized JSON bodies with a clear error', async () => {
    const headers = {
      authorization: `Bearer ${f.gw.keys.serviceRoleKey}`,
      'content-type': 'application/json',
    }
    const notJson = await f.fetch('/storage/v1/object/list/statements', {
      method: 'POST',
      headers,
      body: '{nope',
    })
    expect(await notJson.json()).toMatchObject({ statusCode: '400', message: 'Body must be JSON' })
    const badField = await f.fetch('/storage/v1/object/list/statements', {
      method: 'POST',
      headers,
      body: JSON.stringify({ limit: 0 }),
    })
    expect(await badField.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    const huge = await f.fetch('/storage/v1/object/list/statements', {
      method: 'POST',
      headers,
      body: JSON.stringify({ prefix: 'x'.repeat(3 * 1024 * 1024) }),
    })
    // 413 in storage's shape (HTTP 400, the meaning in statusCode), naming the limit (issue #11).
    expect(await huge.json()).toMatchObject({
      statusCode: '413',
      code: 'EntityTooLarge',
      message: 'Request body is larger than 2097152 bytes',
    })
    const badExpiry = await f.service.storage.from('statements').createSignedUrl(`${A}/x.pdf`, -5)
    expect(badExpiry.error).toMatchObject({ statusCode: '400' })
  })

  it('refuses a caller who may not write before reading the body', async () => {
    const { stream, state } = countingStream(1000, 1024, PDF)
    const { error } = await f.tenantA.storage
      .from('statements')
      .upload(`${A}/mine.pdf`, stream, { contentType: 'application/pdf' })
    expect(error).toMatchObject({ statusCode: '403' })
    // At most what the transport buffered on its own; the gateway stored none of it.
    expect(state.pulled).toBeLessThan(20)
    await nothingLeft()
  })

  it('removes the new blob when the metadata insert fails after the bytes arrived', async () => {
    const statements = f.service.storage.from('statements')
    expect(
      (await statements.upload(`${A}/once.pdf`, PDF, { contentType: 'application/pdf' })).error,
    ).toBeNull()
    const files = await f.storedBlobs()
    // The service role is not pre-checked (it bypasses RLS), so the bytes are stored before the
    // unique key refuses the row: the new blob must go again.
    const again = await statements.upload(`${A}/once.pdf`, PDF, { contentType: 'application/pdf' })
    expect(again.error).toMatchObject({ statusCode: '409' })
    expect(await f.storedBlobs()).toEqual(files)
    expect((await statements.remove([`${A}/once.pdf`])).data).toHaveLength(1)
    await nothingLeft()
  })

  it('keeps the bytes when the metadata delete does not commit', async () => {
    const plans = f.admin.storage.from('floor-plans')
    await plans.upload('kept.pdf', new Blob([PDF], { type: 'application/pdf' }))
    const files = await f.storedBlobs()
    // A failing trigger stands in for any error after the row delete (the transaction rolls back).
    await f.gw.db.exec(`
      create function refuse_object_delete() returns trigger language plpgsql as
        $$ begin raise exception 'delete refused for the test'; end $$;
      create trigger refuse_delete after delete on storage.objects
        for each row execute function refuse_object_delete();`)
    try {
      const { error } = await plans.remove(['kept.pdf'])
      expect(error).toMatchObject({ status: 500, statusCode: '500', message: 'Internal server error' })
      expect(await f.storedBlobs()).toEqual(files)
      const { data } = await f.anon.storage.from('floor-plans').download('kept.pdf')
      expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
    } finally {
      await f.gw.db.exec(
        'drop trigger refuse_delete on storage.objects; drop function refuse_object_delete();',
      )
    }
    expect((await plans.remove(['kept.pdf'])).data).toHaveLength(1)
    await nothingLeft()
  })
})
