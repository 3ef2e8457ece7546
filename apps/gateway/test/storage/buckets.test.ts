import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'
import { createStorageFixture, type StorageFixture, storageCases } from './storage-fixture.ts'

describe.each(storageCases)('storage buckets (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
  })
  afterAll(() => f.close())

  it('lists the six product buckets to anyone, in the Bucket shape', async () => {
    const { data, error } = await f.anon.storage.listBuckets()
    expect(error).toBeNull()
    expect(data?.map((b) => b.id)).toEqual([
      'floor-plans',
      'maintenance-photos',
      'payment-proofs',
      'shop-logos',
      'statements',
      'whats-on-images',
    ])
    const statements = data?.find((b) => b.id === 'statements')
    expect(statements).toMatchObject({
      name: 'statements',
      public: false,
      type: 'STANDARD',
      file_size_limit: 10 * 1024 * 1024,
      allowed_mime_types: ['application/pdf'],
      owner: '',
    })
    // As supabase/storage writes them: JavaScript's ISO form, UTC, milliseconds.
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
    expect(statements?.created_at).toMatch(iso)
    expect(statements?.updated_at).toMatch(iso)
    const { rows } = await f.gw.db.query<{ ms: number }>(
      `select floor(extract(epoch from created_at) * 1000)::bigint as ms from storage.buckets where id = 'statements'`,
    )
    expect(Date.parse(statements!.created_at)).toBe(rows[0].ms)
  })

  it('pages, searches and sorts the bucket list', async () => {
    const { data } = await f.anon.storage.listBuckets({
      limit: 1,
      offset: 2,
      sortColumn: 'id',
      sortOrder: 'desc',
    })
    // whats-on-images, statements, then shop-logos.
    expect(data?.map((b) => b.id)).toEqual(['shop-logos'])
    const { data: found } = await f.anon.storage.listBuckets({ search: 'PLAN' })
    expect(found?.map((b) => b.id)).toEqual(['floor-plans'])
  })

  it('gets one bucket, and NoSuchBucket for an unknown one', async () => {
    const { data } = await f.anon.storage.getBucket('shop-logos')
    expect(data?.public).toBe(true)
    const { error } = await f.anon.storage.getBucket('nope')
    expect(error).toMatchObject({ statusCode: '404', status: 400 })
    expect(error && 'code' in error ? error.code : undefined).toBe('NoSuchBucket')
  })

  it('lets an admin create, update, empty and delete a bucket', async () => {
    const created = await f.admin.storage.createBucket('centre-media', {
      public: false,
      fileSizeLimit: '5MB',
      allowedMimeTypes: ['image/*'],
    })
    expect(created).toEqual({ data: { name: 'centre-media' }, error: null })
    const { data: bucket } = await f.admin.storage.getBucket('centre-media')
    expect(bucket).toMatchObject({
      file_size_limit: 5_000_000,
      allowed_mime_types: ['image/*'],
      public: false,
    })
    expect(bucket?.owner).toBe('0b0a0000-0000-4000-8000-000000000001')

    const updated = await f.admin.storage.updateBucket('centre-media', { public: true, fileSizeLimit: 1024 })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    const { data: after } = await f.admin.storage.getBucket('centre-media')
    expect(after).toMatchObject({ public: true, file_size_limit: 1024, allowed_mime_types: ['image/*'] })

    const duplicate = await f.admin.storage.createBucket('centre-media')
    expect(duplicate.error).toMatchObject({ statusCode: '409' })

    await f.admin.storage
      .from('centre-media')
      .upload(
        'a.png',
        new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], { type: 'image/png' }),
      )
    const notEmpty = await f.admin.storage.deleteBucket('centre-media')
    expect(notEmpty.error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    })
    expect(await f.storedBlobs()).toHaveLength(1)

    const emptied = await f.admin.storage.emptyBucket('centre-media')
    expect(emptied).toEqual({
      data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
      error: null,
    })
    expect(await f.objectCount('centre-media')).toBe(0)
    expect(await f.storedBlobs()).toHaveLength(0)

    const deleted = await f.admin.storage.deleteBucket('centre-media')
    expect(deleted).toEqual({ data: { message: 'Successfully deleted' }, error: null })
    expect((await f.admin.storage.getBucket('centre-media')).error).toMatchObject({ statusCode: '404' })
  })

  it('refuses bucket changes by tenants and anon (RLS on storage.buckets)', async () => {
    const byTenant = await f.tenantA.storage.createBucket('mine')
    expect(byTenant.error).toMatchObject({ statusCode: '403', status: 400 })
    const byAnon = await f.anon.storage.createBucket('mine')
    expect(byAnon.error).toMatchObject({ statusCode: '403' })
    const update = await f.tenantA.storage.updateBucket('statements', { public: true })
    expect(update.error).toMatchObject({ statusCode: '403' })
    const empty = await f.tenantA.storage.emptyBucket('shop-logos')
    expect(empty.error).toMatchObject({ statusCode: '403' })
    const remove = await f.tenantB.storage.deleteBucket('floor-plans')
    expect(remove.error).toMatchObject({ statusCode: '403' })
    const { data } = await f.anon.storage.getBucket('statements')
    expect(data?.public).toBe(false)
  })

  it('lets the service role manage buckets', async () => {
    expect((await f.service.storage.createBucket('svc', { public: true })).error).toBeNull()
    expect((await f.service.storage.deleteBucket('svc')).error).toBeNull()
  })

  it('refuses bad bucket names and size formats', async () => {
    const name = await f.service.storage.createBucket('bad/name')
    expect(name.error).toMatchObject({ statusCode: '400' })
    const size = await f.service.storage.createBucket('sized', { public: false, fileSizeLimit: 'lots' })
    expect(size.error).toMatchObject({ statusCode: '400', message: 'Invalid file size format: lots' })
    expect((await f.service.storage.getBucket('sized')).error).toMatchObject({ statusCode: '404' })
  })

  it('answers a bad or expired JWT with AccessDenied, never as anon', async () => {
    const claims = userClaims(DEMO.tenantA)
    const expiredToken = await signToken({ ...claims, exp: Number(claims.iat) - 60 }, TEST_JWT_SECRET)
    const expired = await f.gw.client({ accessToken: expiredToken }).storage.listBuckets()
    expect(expired.error).toMatchObject({ statusCode: '403', status: 400, message: 'jwt expired' })
    const forgedToken = await signToken(claims, 'another-secret-another-secret-another-secret')
    const forged = await f.gw.client({ accessToken: forgedToken }).storage.listBuckets()
    expect(forged.error).toMatchObject({ statusCode: '403' })
    const garbage = f.gw.client({ accessToken: 'not-a-jwt' })
    expect((await garbage.storage.listBuckets()).error).toMatchObject({
      statusCode: '400',
      message: 'Invalid JWT',
    })
  })

  it('needs no apikey (storage is open at the gateway, the bearer decides)', async () => {
    const res = await f.fetch('/storage/v1/bucket')
    expect(res.status).toBe(200)
    expect(((await res.json()) as unknown[]).length).toBe(6)
  })

  it('answers unknown storage routes in the storage envelope', async () => {
    const res = await f.fetch('/storage/v1/nothing-here')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '404', code: 'InvalidRequest' })
  })
})
