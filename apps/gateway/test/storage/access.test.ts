import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createStorageFixture,
  DEMO,
  PDF,
  pdfBlob,
  pngBlob,
  type StorageFixture,
  storageCases,
} from './storage-fixture.ts'

const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId

describe.each(storageCases)('storage access decided by RLS (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  let shopA: string
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    for (const tenant of [A, B]) {
      const { error } = await f.admin.storage.from('statements').upload(`${tenant}/2026-10.pdf`, pdfBlob())
      expect(error).toBeNull()
    }
    const { rows } = await f.gw.db.query<{ shop_id: string }>(
      'select shop_id from public.tenants where id = $1',
      [A],
    )
    shopA = rows[0].shop_id
  })
  afterAll(() => f.close())

  it('lets a tenant list, download, sign and check their own statements', async () => {
    const mine = f.tenantA.storage.from('statements')
    expect((await mine.list(A)).data?.map((e) => e.name)).toEqual(['2026-10.pdf'])
    const { data } = await mine.download(`${A}/2026-10.pdf`)
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
    expect((await mine.exists(`${A}/2026-10.pdf`)).data).toBe(true)
    const { data: signed } = await mine.createSignedUrl(`${A}/2026-10.pdf`, 60)
    expect((await f.gw.app.fetch(new Request(signed!.signedUrl))).status).toBe(200)
  })

  it("does not let tenant A list, download, sign, move or delete tenant B's statements", async () => {
    const asA = f.tenantA.storage.from('statements')
    const path = `${B}/2026-10.pdf`
    expect((await asA.list(B)).data).toEqual([])
    expect((await asA.list()).data?.map((e) => e.name)).toEqual([A])

    const download = await asA.download(path)
    expect(download.error).toMatchObject({ statusCode: '404' })
    expect((await asA.info(path)).error).toMatchObject({ statusCode: '404', message: 'Object not found' })
    expect((await asA.exists(path)).data).toBe(false)

    expect((await asA.createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' })
    const many = await asA.createSignedUrls([path, `${A}/2026-10.pdf`], 60)
    expect(many.data?.[0]).toMatchObject({
      path,
      signedUrl: null,
      error: 'Either the object does not exist or you do not have access to it',
    })
    expect(many.data?.[1].signedUrl).toContain('token=')

    expect((await asA.move(path, `${A}/stolen.pdf`)).error).toMatchObject({ statusCode: '404' })
    expect((await asA.copy(path, `${A}/stolen.pdf`)).error).toMatchObject({ statusCode: '404' })
    expect((await asA.remove([path])).data).toEqual([])

    // B's statement is untouched.
    const { data } = await f.tenantB.storage.from('statements').download(path)
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
  })

  it("does not let a tenant upload into anyone's statements, not even their own folder", async () => {
    const asA = f.tenantA.storage.from('statements')
    for (const path of [`${B}/forged.pdf`, `${A}/forged.pdf`]) {
      const { error } = await asA.upload(path, pdfBlob())
      expect(error).toMatchObject({ statusCode: '403', status: 400 })
    }
    const overwrite = await asA.upload(`${B}/2026-10.pdf`, pdfBlob(), { upsert: true })
    expect(overwrite.error).toMatchObject({ statusCode: '403' })
    const signUpload = await asA.createSignedUploadUrl(`${B}/forged.pdf`)
    expect(signUpload.error).toMatchObject({ statusCode: '403' })
    expect(await f.objectCount('statements')).toBe(2)
    expect(await f.storedBlobs()).toHaveLength(2)
  })

  it('does not let a tenant move their own statement (no update policy)', async () => {
    const { error } = await f.tenantA.storage.from('statements').move(`${A}/2026-10.pdf`, `${A}/renamed.pdf`)
    expect(error).toMatchObject({ statusCode: '403' })
    expect((await f.tenantA.storage.from('statements').exists(`${A}/2026-10.pdf`)).data).toBe(true)
  })

  it('lets a tenant upload, replace and remove their shop logo, and only theirs', async () => {
    const logos = f.tenantA.storage.from('shop-logos')
    expect((await logos.upload(`${shopA}/logo.png`, pngBlob())).error).toBeNull()
    expect((await logos.upload(`${shopA}/logo.png`, pngBlob(), { upsert: true })).error).toBeNull()
    const other = await logos.upload('00000000-0000-4000-8000-000000000000/logo.png', pngBlob())
    expect(other.error).toMatchObject({ statusCode: '403' })
    expect((await f.tenantB.storage.from('shop-logos').remove([`${shopA}/logo.png`])).data).toEqual([])
    expect((await logos.remove([`${shopA}/logo.png`])).data?.map((o) => o.name)).toEqual([
      `${shopA}/logo.png`,
    ])
  })

  it('lets the admin read, move and delete every statement', async () => {
    const asAdmin = f.admin.storage.from('statements')
    expect((await asAdmin.list()).data?.map((e) => e.name).sort()).toEqual([A, B].sort())
    expect((await asAdmin.move(`${B}/2026-10.pdf`, `${B}/2026-10-moved.pdf`)).error).toBeNull()
    expect((await asAdmin.move(`${B}/2026-10-moved.pdf`, `${B}/2026-10.pdf`)).error).toBeNull()
    expect((await asAdmin.createSignedUrl(`${B}/2026-10.pdf`, 60)).data?.signedUrl).toContain('token=')
  })

  it('lets anon read public buckets only', async () => {
    await f.admin.storage.from('floor-plans').upload('unit-12.pdf', pdfBlob())
    const publicRead = await f.anon.storage.from('floor-plans').download('unit-12.pdf')
    expect(publicRead.error).toBeNull()
    const url = f.anon.storage.from('floor-plans').getPublicUrl('unit-12.pdf').data.publicUrl
    expect((await f.gw.app.fetch(new Request(url))).status).toBe(200)
    expect((await f.anon.storage.from('floor-plans').list()).data?.map((e) => e.name)).toEqual([
      'unit-12.pdf',
    ])

    const privateRead = await f.anon.storage.from('statements').download(`${A}/2026-10.pdf`)
    expect(privateRead.error).toMatchObject({ statusCode: '404' })
    expect((await f.anon.storage.from('statements').list(A)).data).toEqual([])
    const privateUrl = f.anon.storage.from('statements').getPublicUrl(`${A}/2026-10.pdf`).data.publicUrl
    const res = await f.gw.app.fetch(new Request(privateUrl))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' })
    const info = await f.fetch(`/storage/v1/object/info/public/statements/${A}/2026-10.pdf`)
    expect(await info.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
    const publicInfo = await f.fetch('/storage/v1/object/info/public/floor-plans/unit-12.pdf')
    expect(await publicInfo.json()).toMatchObject({ name: 'unit-12.pdf', content_type: 'application/pdf' })

    expect((await f.anon.storage.from('floor-plans').upload('anon.pdf', pdfBlob())).error).toMatchObject({
      statusCode: '403',
    })
    expect((await f.anon.storage.from('floor-plans').remove(['unit-12.pdf'])).data).toEqual([])
  })
})
