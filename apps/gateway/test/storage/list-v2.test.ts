import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStorageFixture, DEMO, pdfBlob, type StorageFixture, storageCases } from './storage-fixture.ts'

const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId

// Uploaded in this order, so created_at follows it. Bytewise order puts capitals first.
const NAMES = [
  'b.txt',
  'aa/2.txt',
  'A.txt',
  'aa/1.txt',
  'ab/deep/z.txt',
  'ab.txt',
  'aa.txt',
  'c/1.txt',
  'wild_1/hit.txt',
  'wildX1/miss.txt',
]
type Bucket = ReturnType<SupabaseClient['storage']['from']>
type SearchV2Options = NonNullable<Parameters<Bucket['listV2']>[0]>
type SearchV2Result = NonNullable<Awaited<ReturnType<Bucket['listV2']>>['data']>

const bytewise = (names: string[]) => [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

describe.each(storageCases)('storage listV2 (%s, %s)', (driver, backend) => {
  let f: StorageFixture

  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    await f.service.storage.createBucket('listing', { public: false })
    for (const name of NAMES) {
      const { error } = await f.service.storage.from('listing').upload(name, new TextEncoder().encode(name))
      expect(error).toBeNull()
    }
    // One second apart in upload order, so timestamp orders never tie.
    await f.gw.db.query(
      `update storage.objects o set created_at = t.at, updated_at = t.at
       from (select n.name, timestamptz '2026-11-01 08:00:00+00' + (n.i * interval '1 second') as at
             from unnest($1::text[]) with ordinality as n(name, i)) t
       where o.bucket_id = 'listing' and o.name = t.name`,
      [NAMES],
    )
    for (const tenant of [A, B]) {
      const { error } = await f.admin.storage.from('statements').upload(`${tenant}/2026-10.pdf`, pdfBlob())
      expect(error).toBeNull()
    }
  })
  afterAll(() => f.close())

  /** Every page of a listing, following nextCursor. */
  async function allPages(options: SearchV2Options, client = f.service, bucket = 'listing') {
    const pages: SearchV2Result[] = []
    let cursor: string | undefined
    do {
      const { data, error } = await client.storage.from(bucket).listV2({ ...options, cursor })
      expect(error).toBeNull()
      pages.push(data!)
      if (data!.hasNext) expect(data!.nextCursor).toEqual(expect.any(String))
      else expect(data!.nextCursor).toBeUndefined()
      cursor = data!.nextCursor
    } while (cursor)
    return {
      pages,
      objects: pages.flatMap((p) => p.objects.map((o) => o.name)),
      folders: pages.flatMap((p) => p.folders.map((o) => o.name)),
    }
  }

  it('lists every object under a prefix flat, by full name in bytewise order, with file details', async () => {
    const { data, error } = await f.service.storage.from('listing').listV2()
    expect(error).toBeNull()
    expect(data?.hasNext).toBe(false)
    expect(data?.folders).toEqual([])
    expect(data?.objects.map((o) => o.name)).toEqual(bytewise(NAMES))
    const first = data!.objects[0]
    expect(first).toMatchObject({
      name: 'A.txt',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      metadata: expect.objectContaining({ size: 5, mimetype: 'text/plain;charset=UTF-8' }),
    })
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    // A prefix is a string prefix, not a folder: "aa" takes aa.txt and everything in aa/.
    const aa = await f.service.storage.from('listing').listV2({ prefix: 'aa' })
    expect(aa.data?.objects.map((o) => o.name)).toEqual(['aa.txt', 'aa/1.txt', 'aa/2.txt'])
  })

  it('pages with limit and cursor without losing or repeating an entry', async () => {
    const { pages, objects } = await allPages({ limit: 3 })
    expect(objects).toEqual(bytewise(NAMES))
    expect(pages).toHaveLength(Math.ceil(NAMES.length / 3))
    expect(pages.slice(0, -1).every((p) => p.hasNext && p.objects.length === 3)).toBe(true)
  })

  it('with a delimiter, lists one level: folders as prefixes ending in "/", then the objects', async () => {
    const { data } = await f.service.storage.from('listing').listV2({ with_delimiter: true })
    expect(data?.folders).toEqual([
      { id: null, name: 'aa/', key: 'aa' },
      { id: null, name: 'ab/', key: 'ab' },
      { id: null, name: 'c/', key: 'c' },
      { id: null, name: 'wildX1/', key: 'wildX1' },
      { id: null, name: 'wild_1/', key: 'wild_1' },
    ])
    expect(data?.objects.map((o) => [o.key, o.name])).toEqual([
      ['A.txt', 'A.txt'],
      ['aa.txt', 'aa.txt'],
      ['ab.txt', 'ab.txt'],
      ['b.txt', 'b.txt'],
    ])

    const inside = await f.service.storage.from('listing').listV2({ prefix: 'ab/', with_delimiter: true })
    expect(inside.data).toMatchObject({ folders: [{ name: 'ab/deep/', key: 'deep' }], objects: [] })
    // Without the slash the prefix matches ab.txt and the folder ab/ itself.
    const bare = await f.service.storage.from('listing').listV2({ prefix: 'ab', with_delimiter: true })
    expect(bare.data?.folders.map((e) => e.name)).toEqual(['ab/'])
    expect(bare.data?.objects.map((e) => e.name)).toEqual(['ab.txt'])
  })

  it('pages a delimited listing across folders: a page that ends on a folder skips its contents next', async () => {
    const { folders, objects } = await allPages({ with_delimiter: true, limit: 2 })
    expect(folders).toEqual(['aa/', 'ab/', 'c/', 'wildX1/', 'wild_1/'])
    expect(objects).toEqual(['A.txt', 'aa.txt', 'ab.txt', 'b.txt'])
  })

  it('sorts by created_at or updated_at either way, and keeps that order across pages', async () => {
    const newestFirst = await allPages({ sortBy: { column: 'created_at', order: 'desc' }, limit: 4 })
    expect(newestFirst.objects).toEqual([...NAMES].reverse())
    const oldestFirst = await allPages({ sortBy: { column: 'updated_at', order: 'asc' }, limit: 3 })
    expect(oldestFirst.objects).toEqual(NAMES)
    // Folders are dated by their oldest object.
    const levels = await allPages({ with_delimiter: true, sortBy: { column: 'created_at' }, limit: 2 })
    expect(levels.folders).toEqual(['aa/', 'ab/', 'c/', 'wild_1/', 'wildX1/'])
    expect(levels.objects).toEqual(['b.txt', 'A.txt', 'ab.txt', 'aa.txt'])
  })

  it('takes % and _ in a prefix literally', async () => {
    const percent = await f.service.storage.from('listing').listV2({ prefix: '%' })
    expect(percent.data).toMatchObject({ objects: [], folders: [], hasNext: false })
    const underscore = await f.service.storage.from('listing').listV2({ prefix: 'wild_' })
    expect(underscore.data?.objects.map((o) => o.name)).toEqual(['wild_1/hit.txt'])
  })

  it('shows only what the caller may read: a tenant lists their own statements and nobody else’s', async () => {
    const asA = await allPages({ with_delimiter: true }, f.tenantA, 'statements')
    expect(asA.folders).toEqual([`${A}/`])
    const inA = await f.tenantA.storage.from('statements').listV2({ prefix: `${A}/` })
    expect(inA.data?.objects.map((o) => o.name)).toEqual([`${A}/2026-10.pdf`])
    const inB = await f.tenantA.storage.from('statements').listV2({ prefix: `${B}/` })
    expect(inB.data).toMatchObject({ objects: [], folders: [], hasNext: false })
    const anon = await f.anon.storage.from('statements').listV2()
    expect(anon.data).toMatchObject({ objects: [], folders: [] })
    const admin = await allPages({ with_delimiter: true }, f.admin, 'statements')
    expect(admin.folders.sort()).toEqual([`${A}/`, `${B}/`].sort())
  })

  it('refuses a forged cursor and a bad limit with 400, and never stores anything', async () => {
    const before = await f.objectCount()
    const forged = await f.service.storage.from('listing').listV2({ cursor: 'not a cursor!' })
    expect(forged.error).toMatchObject({ statusCode: '400' })
    const body = await f.fetch('/storage/v1/object/list-v2/listing', {
      method: 'POST',
      headers: { Authorization: `Bearer ${f.gw.keys.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ cursor: Buffer.from('x:1').toString('base64') }),
    })
    expect(body.status).toBe(400)
    expect(await body.json()).toEqual({
      statusCode: '400',
      error: 'InvalidParameter',
      code: 'InvalidParameter',
      message: 'Invalid Parameter continuation token',
    })
    const zero = await f.service.storage.from('listing').listV2({ limit: 0 })
    expect(zero.error).toMatchObject({ statusCode: '400' })
    // A bucket that does not exist lists nothing, as upstream (this route was once taken for an upload).
    const missing = await f.service.storage.from('no-such-bucket').listV2()
    expect(missing).toEqual({ data: { hasNext: false, folders: [], objects: [] }, error: null })
    expect(await f.objectCount()).toBe(before)
  })
})
