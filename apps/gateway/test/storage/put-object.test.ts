import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { moveStoredObject, putObject } from '../../src/services/storage/objects.ts'
import { createStorageFixture, PDF, PNG, type StorageFixture, storageCases } from './storage-fixture.ts'

/** Server-side code stores files through the storage domain, as an upload would, without HTTP. */
describe.each(storageCases)('storage domain from server-side code (%s, %s)', (driver, backend) => {
  let f: StorageFixture
  beforeAll(async () => {
    f = await createStorageFixture(driver, backend)
  })
  afterAll(async () => {
    await f?.close()
  })

  it('puts an object (row and blob) that clients then download byte for byte', async () => {
    const { id } = await putObject(f.gw.deps, {
      bucketId: 'floor-plans',
      name: 'ground/generated.pdf',
      bytes: PDF,
      contentType: 'application/pdf',
    })
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const { data, error } = await f.anon.storage.from('floor-plans').download('ground/generated.pdf')
    expect(error).toBeNull()
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
  })

  it('keeps the bucket’s rules: a refused file leaves neither row nor blob behind', async () => {
    const rows = await f.objectCount()
    const files = (await f.storedBlobs()).length
    await expect(
      putObject(f.gw.deps, {
        bucketId: 'floor-plans',
        name: 'ground/not-a-pdf.pdf',
        bytes: PNG,
        contentType: 'application/pdf',
      }),
    ).rejects.toMatchObject({ code: 'InvalidMimeType' })
    await expect(
      putObject(f.gw.deps, {
        bucketId: 'no-such-bucket',
        name: 'x.pdf',
        bytes: PDF,
        contentType: 'application/pdf',
      }),
    ).rejects.toMatchObject({ code: 'NoSuchBucket' })
    expect(await f.objectCount()).toBe(rows)
    expect((await f.storedBlobs()).length).toBe(files)
  })

  it('acts as the caller it is given, so RLS still decides', async () => {
    const anon = { role: 'anon', claims: { role: 'anon' } }
    const before = await f.objectCount('floor-plans')
    await expect(
      putObject(f.gw.deps, {
        bucketId: 'floor-plans',
        name: 'ground/anon.pdf',
        bytes: PDF,
        contentType: 'application/pdf',
        caller: anon,
      }),
    ).rejects.toMatchObject({ code: 'AccessDenied' })
    expect(await f.objectCount('floor-plans')).toBe(before)
  })

  it('moves a stored object by renaming its row', async () => {
    await moveStoredObject(f.gw.deps, {
      caller: SERVICE_ROLE,
      request: {},
      source: { bucket: 'floor-plans', name: 'ground/generated.pdf' },
      destination: { bucket: 'floor-plans', name: 'ground/renamed.pdf' },
    })
    const { data } = await f.anon.storage.from('floor-plans').download('ground/renamed.pdf')
    expect(new Uint8Array(await data!.arrayBuffer())).toEqual(PDF)
    const { error } = await f.anon.storage.from('floor-plans').download('ground/generated.pdf')
    expect(error).not.toBeNull()
  })
})
