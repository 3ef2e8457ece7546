import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createStorageFixture,
  PDF,
  PNG,
  pngBlob,
  type StorageFixture,
  storageCases,
} from './storage-fixture.ts'

const text = (value: string) => new TextEncoder().encode(value)

describe.each(storageCases)('storage objects (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    // A scratch bucket without type rules, so the defaults of the client show.
    await f.service.storage.createBucket('scratch', { public: false })
  })
  afterAll(() => f.close())

  it('uploads multipart (a Blob) and answers Id/Key, which the client turns into id, path, fullPath', async () => {
    const { data, error } = await f.admin.storage.from('shop-logos').upload('demo/logo.png', pngBlob())
    expect(error).toBeNull()
    expect(data).toMatchObject({ path: 'demo/logo.png', fullPath: 'shop-logos/demo/logo.png' })
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)
    const { data: info } = await f.admin.storage.from('shop-logos').info('demo/logo.png')
    expect(info).toMatchObject({
      name: 'demo/logo.png',
      bucketId: 'shop-logos',
      size: PNG.length,
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
      id: data?.id,
    })
    expect(info?.etag).toMatch(/^"[0-9a-f]{32}"$/)
  })

  it('uploads a raw body with the client defaults (text/plain;charset=UTF-8, max-age=3600)', async () => {
    const { error } = await f.admin.storage.from('scratch').upload('notes/hello.txt', text('hello world'))
    expect(error).toBeNull()
    const { data: info } = await f.admin.storage.from('scratch').info('notes/hello.txt')
    expect(info).toMatchObject({
      contentType: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=3600',
      size: 11,
    })
  })

  it('keeps contentType, cacheControl and user metadata when given', async () => {
    const { error } = await f.admin.storage.from('scratch').upload('data.json', text('{"a":1}'), {
      contentType: 'application/json',
      cacheControl: '60',
      metadata: { by: 'test' },
    })
    expect(error).toBeNull()
    const { data: info } = await f.admin.storage.from('scratch').info('data.json')
    expect(info).toMatchObject({
      contentType: 'application/json',
      cacheControl: 'max-age=60',
      metadata: { by: 'test' },
    })
  })

  it('refuses to overwrite without upsert (KeyAlreadyExists), overwrites with upsert and with update()', async () => {
    const bucket = f.admin.storage.from('scratch')
    await bucket.upload('over.txt', text('one'))
    const again = await bucket.upload('over.txt', text('two'))
    expect(again.error).toMatchObject({ statusCode: '409', status: 400 })
    expect(again.error && 'code' in again.error ? again.error.code : undefined).toBe('KeyAlreadyExists')
    expect(await (await bucket.download('over.txt')).data?.text()).toBe('one')

    expect((await bucket.upload('over.txt', text('three'), { upsert: true })).error).toBeNull()
    expect(await (await bucket.download('over.txt')).data?.text()).toBe('three')
    expect((await bucket.update('over.txt', new Blob(['four'], { type: 'text/plain' }))).error).toBeNull()
    expect(await (await bucket.download('over.txt')).data?.text()).toBe('four')
    // The replaced blobs are gone: one file per stored object.
    expect(await f.storedBlobs()).toHaveLength(await f.objectCount())
  })

  it('downloads with the stored headers, and as an attachment with ?download', async () => {
    const { data } = await f.admin.storage.from('shop-logos').download('demo/logo.png')
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PNG)

    const res = await f.fetch('/storage/v1/object/public/shop-logos/demo/logo.png')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('content-length')).toBe(String(PNG.length))
    expect(res.headers.get('cache-control')).toBe('max-age=3600')
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(res.headers.get('last-modified')).toMatch(/GMT$/)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-disposition')).toBeNull()

    const url = f.anon.storage.from('shop-logos').getPublicUrl('demo/logo.png', { download: 'our logo.png' })
      .data.publicUrl
    const attached = await f.gw.app.fetch(new Request(url))
    expect(attached.headers.get('content-disposition')).toBe(
      `attachment; filename="our logo.png"; filename*=UTF-8''our%20logo.png`,
    )
    const plain = await f.gw.app.fetch(
      new Request(
        f.anon.storage.from('shop-logos').getPublicUrl('demo/logo.png', { download: true }).data.publicUrl,
      ),
    )
    expect(plain.headers.get('content-disposition')).toContain('filename="logo.png"')

    const notModified = await f.fetch('/storage/v1/object/public/shop-logos/demo/logo.png', {
      headers: { 'if-none-match': res.headers.get('etag')! },
    })
    expect(notModified.status).toBe(304)
  })

  it('answers range requests with 206 and an unsatisfiable range with 416 in the envelope', async () => {
    await f.admin.storage.from('scratch').upload('range.txt', text('0123456789'))
    const headers = { authorization: `Bearer ${f.gw.keys.serviceRoleKey}` }
    const part = await f.fetch('/storage/v1/object/scratch/range.txt', {
      headers: { ...headers, range: 'bytes=2-5' },
    })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 2-5/10')
    expect(await part.text()).toBe('2345')
    const tail = await f.fetch('/storage/v1/object/authenticated/scratch/range.txt', {
      headers: { ...headers, range: 'bytes=-3' },
    })
    expect(await tail.text()).toBe('789')
    const bad = await f.fetch('/storage/v1/object/scratch/range.txt', {
      headers: { ...headers, range: 'bytes=50-' },
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ statusCode: '416', code: 'InvalidRange' })
  })

  it('serves the original image for transform requests (transformation is not offered)', async () => {
    const { data } = await f.admin.storage
      .from('shop-logos')
      .download('demo/logo.png', { transform: { width: 10, height: 10 } })
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PNG)
    const url = f.anon.storage.from('shop-logos').getPublicUrl('demo/logo.png', { transform: { width: 10 } })
    expect(url.data.publicUrl).toContain('/render/image/public/')
    const res = await f.gw.app.fetch(new Request(url.data.publicUrl))
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG)
  })

  it('answers HEAD with headers only', async () => {
    const res = await f.fetch('/storage/v1/object/public/shop-logos/demo/logo.png', { method: 'HEAD' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(PNG.length))
    expect(await res.text()).toBe('')
  })

  it('serves HTML and SVG as sandboxed attachments', async () => {
    await f.admin.storage
      .from('scratch')
      .upload('page.html', text('<script>alert(1)</script>'), { contentType: 'text/html' })
    // An SVG with script is refused at upload (test/attack/storage-content.test.ts); even a plain
    // one is served as an attachment.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'
    await f.admin.storage
      .from('shop-logos')
      .upload('demo/logo.svg', new Blob([svg], { type: 'image/svg+xml' }))
    const headers = { authorization: `Bearer ${f.gw.keys.serviceRoleKey}` }
    for (const path of [
      '/storage/v1/object/scratch/page.html',
      '/storage/v1/object/public/shop-logos/demo/logo.svg',
    ]) {
      const res = await f.fetch(path, { headers })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="(page\.html|logo\.svg)"/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    }
  })

  it('tells whether an object exists (NoSuchKey makes exists() false)', async () => {
    expect((await f.admin.storage.from('shop-logos').exists('demo/logo.png')).data).toBe(true)
    const missing = await f.admin.storage.from('shop-logos').exists('demo/none.png')
    expect(missing.data).toBe(false)
    const { error } = await f.admin.storage.from('shop-logos').info('demo/none.png')
    expect(error).toMatchObject({ statusCode: '404', status: 400, message: 'Object not found' })
  })

  it('lists the immediate children of a folder, folders first-class, with the defaults', async () => {
    const bucket = f.admin.storage.from('scratch')
    for (const name of [
      'list/b.txt',
      'list/a.txt',
      'list/sub/c.txt',
      'list/sub/deeper/d.txt',
      'list/Other/e.txt',
    ]) {
      await bucket.upload(name, text(name))
    }
    const { data, error } = await bucket.list('list')
    expect(error).toBeNull()
    expect(data?.map((e) => e.name)).toEqual(['Other', 'a.txt', 'b.txt', 'sub'])
    const folder = data?.find((e) => e.name === 'sub')
    expect(folder).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    })
    const file = data?.find((e) => e.name === 'a.txt')
    expect(file).toMatchObject({
      bucket_id: 'scratch',
      metadata: { size: 10, mimetype: 'text/plain;charset=UTF-8' },
    })
    expect(file?.id).toMatch(/^[0-9a-f-]{36}$/)

    expect((await bucket.list('list/')).data?.length).toBe(4)
    expect((await bucket.list('list', { limit: 2, offset: 1 })).data?.map((e) => e.name)).toEqual([
      'a.txt',
      'b.txt',
    ])
    expect(
      (await bucket.list('list', { sortBy: { column: 'name', order: 'desc' } })).data?.map((e) => e.name),
    ).toEqual(['sub', 'b.txt', 'a.txt', 'Other'])
    expect((await bucket.list('list', { search: 'o' })).data?.map((e) => e.name)).toEqual(['Other'])
    expect((await bucket.list('list/sub')).data?.map((e) => e.name)).toEqual(['c.txt', 'deeper'])
    const root = (await bucket.list()).data?.map((e) => e.name)
    expect(root).toContain('list')
    expect(root).toContain('over.txt')
  })

  it('moves within and across buckets, refusing an occupied destination', async () => {
    const scratch = f.admin.storage.from('scratch')
    await scratch.upload('move/from.txt', text('moving'))
    expect(await scratch.move('move/from.txt', 'move/to.txt')).toEqual({
      data: { message: 'Successfully moved' },
      error: null,
    })
    expect((await scratch.exists('move/from.txt')).data).toBe(false)
    expect(await (await scratch.download('move/to.txt')).data?.text()).toBe('moving')

    await scratch.upload('move/taken.txt', text('taken'))
    const occupied = await scratch.move('move/to.txt', 'move/taken.txt')
    expect(occupied.error).toMatchObject({ statusCode: '409' })

    await f.service.storage.createBucket('archive', { public: false })
    expect((await scratch.move('move/to.txt', 'kept.txt', { destinationBucket: 'archive' })).error).toBeNull()
    expect(await (await f.admin.storage.from('archive').download('kept.txt')).data?.text()).toBe('moving')

    const missing = await scratch.move('move/nothing.txt', 'x.txt')
    expect(missing.error).toMatchObject({ statusCode: '404' })
    // A move into a bucket whose types do not allow the object is refused.
    const wrongType = await scratch.move('move/taken.txt', 'x/taken.txt', { destinationBucket: 'statements' })
    expect(wrongType.error).toMatchObject({ statusCode: '415' })
  })

  it('copies within and across buckets into a new, independent object', async () => {
    const scratch = f.admin.storage.from('scratch')
    await scratch.upload('copy/src.txt', text('original'), { metadata: { tag: 'x' } })
    const copied = await scratch.copy('copy/src.txt', 'copy/dst.txt')
    expect(copied).toEqual({ data: { path: 'scratch/copy/dst.txt' }, error: null })
    await scratch.update('copy/src.txt', text('changed'))
    expect(await (await scratch.download('copy/dst.txt')).data?.text()).toBe('original')
    expect((await scratch.info('copy/dst.txt')).data?.metadata).toEqual({ tag: 'x' })

    const across = await scratch.copy('copy/src.txt', 'from-scratch.txt', { destinationBucket: 'archive' })
    expect(across.data).toEqual({ path: 'archive/from-scratch.txt' })
    const onto = await scratch.copy('copy/src.txt', 'copy/dst.txt')
    expect(onto.error).toMatchObject({ statusCode: '409' })
    expect(await f.storedBlobs()).toHaveLength(await f.objectCount())
  })

  it('removes in bulk, returning the deleted rows and ignoring missing paths', async () => {
    const scratch = f.admin.storage.from('scratch')
    await scratch.upload('rm/one.txt', text('1'))
    await scratch.upload('rm/two.txt', text('2'))
    const before = (await f.storedBlobs()).length
    const { data, error } = await scratch.remove(['rm/one.txt', 'rm/two.txt', 'rm/none.txt'])
    expect(error).toBeNull()
    expect(data?.map((o) => o.name).sort()).toEqual(['rm/one.txt', 'rm/two.txt'])
    expect(data?.[0]).toMatchObject({ bucket_id: 'scratch', metadata: { size: 1 } })
    expect(await f.storedBlobs()).toHaveLength(before - 2)
    expect((await scratch.exists('rm/one.txt')).data).toBe(false)
  })

  it('handles names with spaces and Unicode (stored NFC)', async () => {
    const scratch = f.admin.storage.from('scratch')
    const { data, error } = await scratch.upload('unicode/cafe\u0301 menu.txt', text('menu'))
    expect(error).toBeNull()
    expect(data?.fullPath).toBe('scratch/unicode/caf\u00e9 menu.txt')
    expect(await (await scratch.download('unicode/caf\u00e9 menu.txt')).data?.text()).toBe('menu')
    expect((await scratch.list('unicode')).data?.map((e) => e.name)).toEqual(['caf\u00e9 menu.txt'])
    const { data: signed } = await scratch.createSignedUrl('unicode/caf\u00e9 menu.txt', 60)
    const res = await f.gw.app.fetch(new Request(signed!.signedUrl))
    expect(await res.text()).toBe('menu')
  })

  it('streams a 12 MiB file in and out whole, and a range of it (S3: a multipart upload)', async () => {
    const big = Buffer.alloc(12 * 1024 * 1024)
    for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i)
    const scratch = f.admin.storage.from('scratch')
    const { error } = await scratch.upload(
      'big/plan.bin',
      new Blob([big], { type: 'application/octet-stream' }),
    )
    expect(error).toBeNull()
    expect((await scratch.info('big/plan.bin')).data?.size).toBe(big.byteLength)
    const { data } = await scratch.download('big/plan.bin')
    // Compared as buffers: a deep equality over 12 million elements takes seconds.
    expect(big.equals(Buffer.from(await data!.arrayBuffer()))).toBe(true)
    const { data: signed } = await scratch.createSignedUrl('big/plan.bin', 60)
    const part = await f.gw.app.fetch(
      new Request(signed!.signedUrl, { headers: { range: 'bytes=9000000-9000009' } }),
    )
    expect(part.status).toBe(206)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(big.subarray(9_000_000, 9_000_010))
    expect(await f.storedBlobs()).toHaveLength(await f.objectCount())
  })

  it('stores a PDF and keeps it byte for byte', async () => {
    await f.admin.storage
      .from('statements')
      .upload('demo/check.pdf', new Blob([PDF], { type: 'application/pdf' }))
    const { data } = await f.admin.storage.from('statements').download('demo/check.pdf')
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
  })
})
