import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { signToken, userClaims } from '../support/tokens.ts'
import {
  createStorageFixture,
  DEMO,
  PDF,
  pdfBlob,
  type StorageFixture,
  storageCases,
} from './storage-fixture.ts'

const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId

describe.each(storageCases)('storage signed URLs (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  const get = (url: string) => f.gw.app.fetch(new Request(url))
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
    await f.admin.storage.from('statements').upload(`${A}/2026-10.pdf`, pdfBlob())
    await f.admin.storage.from('statements').upload(`${B}/2026-10.pdf`, pdfBlob())
  })
  afterAll(() => f.close())
  afterEach(() => {
    vi.useRealTimers()
  })

  it('returns a relative signedURL with the path unencoded and ?token=, which downloads without credentials', async () => {
    await f.admin.storage.from('statements').upload(`${A}/rent october.pdf`, pdfBlob())
    const res = await f.tenantA.storage.from('statements').createSignedUrl(`${A}/rent october.pdf`, 60)
    expect(res.error).toBeNull()
    expect(res.data?.signedUrl).toMatch(
      new RegExp(
        `^http://gateway\\.test/storage/v1/object/sign/statements/${A}/rent%20october\\.pdf\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`,
      ),
    )
    const raw = await f.fetch(`/storage/v1/object/sign/statements/${A}/rent october.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${f.gw.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60 }),
    })
    expect(((await raw.json()) as { signedURL: string }).signedURL).toMatch(
      new RegExp(`^/object/sign/statements/${A}/rent october\\.pdf\\?token=`),
    )
    const download = await get(res.data!.signedUrl)
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
  })

  it('adds download=… for an attachment', async () => {
    const { data } = await f.tenantA.storage
      .from('statements')
      .createSignedUrl(`${A}/2026-10.pdf`, 60, { download: 'statement.pdf' })
    const res = await get(data!.signedUrl)
    expect(res.headers.get('content-disposition')).toContain('filename="statement.pdf"')
  })

  it('signs several paths at once, with an error entry for what the caller cannot read', async () => {
    const { data, error } = await f.tenantA.storage
      .from('statements')
      .createSignedUrls([`${A}/2026-10.pdf`, `${A}/missing.pdf`, `${B}/2026-10.pdf`], 60)
    expect(error).toBeNull()
    expect(data?.map((d) => d.error)).toEqual([
      null,
      'Either the object does not exist or you do not have access to it',
      'Either the object does not exist or you do not have access to it',
    ])
    expect((await get(data![0].signedUrl!)).status).toBe(200)
  })

  it('works until it expires and not after (ExpiredToken)', async () => {
    const { data } = await f.tenantA.storage.from('statements').createSignedUrl(`${A}/2026-10.pdf`, 60)
    // Token times are whole seconds (iat rounded down at signing): a second short of the expiry
    // leaves room for that rounding and the request's own milliseconds (59 s failed when signing
    // happened late in a second).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 58_000 })
    expect((await get(data!.signedUrl)).status).toBe(200)
    vi.setSystemTime(Date.now() + 3_000)
    const res = await get(data!.signedUrl)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      statusCode: '400',
      code: 'ExpiredToken',
      message: 'The provided token has expired.',
    })
  })

  it('fails when the path or the token is edited (InvalidSignature)', async () => {
    const { data } = await f.tenantA.storage.from('statements').createSignedUrl(`${A}/2026-10.pdf`, 60)
    const url = data!.signedUrl
    // The same token on tenant B's statement.
    const otherPath = await get(url.replace(`${A}/2026-10.pdf`, `${B}/2026-10.pdf`))
    expect(await otherPath.json()).toMatchObject({ code: 'InvalidSignature' })

    const token = new URL(url).searchParams.get('token')!
    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, url: `statements/${B}/2026-10.pdf` }),
    ).toString('base64url')
    const forged = await f.fetch(
      `/storage/v1/object/sign/statements/${B}/2026-10.pdf?token=${header}.${forgedPayload}.${signature}`,
    )
    expect(await forged.json()).toMatchObject({ code: 'InvalidSignature' })

    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA')
    const badSignature = await get(url.replace(signature, flipped))
    expect(await badSignature.json()).toMatchObject({ code: 'InvalidSignature' })

    const noToken = await f.fetch(`/storage/v1/object/sign/statements/${A}/2026-10.pdf`)
    expect(await noToken.json()).toMatchObject({ statusCode: '400', code: 'MissingParameter' })

    // A user's access token is not a signed-URL token.
    const access = await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET)
    const withAccessToken = await f.fetch(
      `/storage/v1/object/sign/statements/${A}/2026-10.pdf?token=${access}`,
    )
    expect(await withAccessToken.json()).toMatchObject({ code: 'InvalidSignature' })
  })

  it('refuses a signed URL once the object is gone', async () => {
    await f.admin.storage.from('statements').upload(`${A}/temp.pdf`, pdfBlob())
    const { data } = await f.admin.storage.from('statements').createSignedUrl(`${A}/temp.pdf`, 60)
    await f.admin.storage.from('statements').remove([`${A}/temp.pdf`])
    expect(await (await get(data!.signedUrl)).json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
  })

  it('issues upload URLs to those who may write, and uploads through them without credentials', async () => {
    const { data, error } = await f.admin.storage.from('statements').createSignedUploadUrl(`${A}/2026-11.pdf`)
    expect(error).toBeNull()
    expect(data?.path).toBe(`${A}/2026-11.pdf`)
    expect(data?.signedUrl).toContain(`/storage/v1/object/upload/sign/statements/${A}/2026-11.pdf?token=`)
    // The trial insert that checked the permission left nothing behind.
    expect((await f.admin.storage.from('statements').exists(`${A}/2026-11.pdf`)).data).toBe(false)

    const uploaded = await f.anon.storage
      .from('statements')
      .uploadToSignedUrl(`${A}/2026-11.pdf`, data!.token, pdfBlob())
    expect(uploaded).toEqual({
      data: { path: `${A}/2026-11.pdf`, fullPath: `statements/${A}/2026-11.pdf` },
      error: null,
    })
    const { data: file } = await f.tenantA.storage.from('statements').download(`${A}/2026-11.pdf`)
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(PDF)
    const { rows } = await f.gw.db.query<{ owner: string }>(
      'select owner::text as owner from storage.objects where name = $1',
      [`${A}/2026-11.pdf`],
    )
    expect(rows[0].owner).toBe(DEMO.admin.id)

    // Without upsert in the token, the path cannot be written twice.
    const again = await f.anon.storage
      .from('statements')
      .uploadToSignedUrl(`${A}/2026-11.pdf`, data!.token, pdfBlob())
    expect(again.error).toMatchObject({ statusCode: '409' })
    // Bucket rules still apply to signed uploads.
    const { data: other } = await f.admin.storage.from('statements').createSignedUploadUrl(`${A}/2026-12.pdf`)
    const wrongType = await f.anon.storage
      .from('statements')
      .uploadToSignedUrl(`${A}/2026-12.pdf`, other!.token, new Blob(['<html>'], { type: 'text/html' }))
    expect(wrongType.error).toMatchObject({ statusCode: '415' })
    // The token is bound to its path.
    const elsewhere = await f.anon.storage
      .from('statements')
      .uploadToSignedUrl(`${B}/2026-12.pdf`, other!.token, pdfBlob())
    expect(elsewhere.error).toMatchObject({
      statusCode: '400',
      message: 'The signature of the token is invalid',
    })
  })

  it('honours upsert in upload URLs, and expires them after two hours', async () => {
    const { data } = await f.admin.storage
      .from('statements')
      .createSignedUploadUrl(`${A}/2026-10.pdf`, { upsert: true })
    expect(
      (
        await f.anon.storage
          .from('statements')
          .uploadToSignedUrl(`${A}/2026-10.pdf`, data!.token, pdfBlob(), { upsert: true })
      ).error,
    ).toBeNull()

    const { data: late } = await f.admin.storage.from('statements').createSignedUploadUrl(`${A}/late.pdf`)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600 * 1000 + 1000 })
    const expired = await f.anon.storage
      .from('statements')
      .uploadToSignedUrl(`${A}/late.pdf`, late!.token, pdfBlob())
    expect(expired.error).toMatchObject({ statusCode: '400', message: 'The provided token has expired.' })
  })

  it('refuses upload URLs to those who may not write (tenants, anon)', async () => {
    expect(
      (await f.tenantA.storage.from('statements').createSignedUploadUrl(`${A}/x.pdf`)).error,
    ).toMatchObject({
      statusCode: '403',
    })
    expect((await f.anon.storage.from('floor-plans').createSignedUploadUrl('x.pdf')).error).toMatchObject({
      statusCode: '403',
    })
  })
})
