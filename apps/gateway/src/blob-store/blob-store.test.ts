import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeleteObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Backend, backends, startS3Server, type TestS3Server } from '../../test/support/s3-server.ts'
import { type BlobStore, BlobTooLargeError } from './blob-store.ts'
import { createDiskBlobStore } from './disk-blob-store.ts'
import { createS3BlobStore, createS3Client } from './s3-blob-store.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
async function* chunks(...parts: Uint8Array[]) {
  for (const part of parts) yield part
}
const readAll = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer())

describe.each(backends)('blob store (%s)', (backend: Backend) => {
  let s3: TestS3Server | undefined
  let root: string
  let store: BlobStore
  /** S3 requests sent by the store, by command name (S3 backend only). */
  let sent: string[]
  /** What the store holds: files under its folder, or objects in its bucket. */
  let stored: () => Promise<string[]>
  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server()
  })
  afterAll(() => s3?.close())
  beforeEach(() => {
    sent = []
    if (s3) {
      const server = s3
      const client: S3Client = createS3Client(server.settings)
      client.middlewareStack.add(
        (next, context) => (args) => {
          sent.push(String(context.commandName))
          return next(args)
        },
        { step: 'initialize' },
      )
      store = createS3BlobStore(server.settings, client)
      stored = () => server.objectKeys()
      return async () => {
        for await (const blob of store.list()) await store.delete(blob.key)
        client.destroy()
      }
    }
    root = mkdtempSync(join(tmpdir(), 'blob-store-'))
    store = createDiskBlobStore(root)
    stored = async () =>
      readdirSync(root, { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    return () => rmSync(root, { recursive: true, force: true })
  })

  it('stores a blob from chunks and reports its size and MD5', async () => {
    const key = randomUUID()
    const result = await store.put(key, chunks(bytes('hello '), bytes('world')), { maxBytes: 100 })
    expect(result).toEqual({ size: 11, md5: '5eb63bbbe01eeed093cb22bb8f5acdc3' })
    expect(await store.exists(key)).toBe(true)
    expect(await store.stat(key)).toEqual({ size: 11 })
    const whole = await store.get(key)
    expect(new TextDecoder().decode(await readAll(whole!.stream))).toBe('hello world')
    const part = await store.get(key, { start: 6, end: 10 })
    expect(part!.size).toBe(11)
    expect(new TextDecoder().decode(await readAll(part!.stream))).toBe('world')
    expect(await stored()).toEqual([key])
  })

  it('stops at the first chunk past the limit and leaves nothing', async () => {
    let pulled = 0
    async function* endless() {
      while (true) {
        pulled += 1
        yield new Uint8Array(1000)
      }
    }
    const key = randomUUID()
    await expect(store.put(key, endless(), { maxBytes: 2500 })).rejects.toBeInstanceOf(BlobTooLargeError)
    expect(pulled).toBe(3)
    expect(await store.exists(key)).toBe(false)
    expect(await stored()).toEqual([])
  })

  it('leaves nothing when the source fails midway', async () => {
    async function* failing() {
      yield bytes('partial')
      throw new Error('connection reset')
    }
    const key = randomUUID()
    await expect(store.put(key, failing(), { maxBytes: 100 })).rejects.toThrow('connection reset')
    expect(await store.get(key)).toBeUndefined()
    expect(await stored()).toEqual([])
  })

  it('streams a large blob through in parts and reads it back whole and by range', async () => {
    // 12 MiB in 64 KiB chunks: three parts of an S3 multipart upload, never held whole.
    const chunk = new Uint8Array(64 * 1024).map((_, i) => i % 251)
    async function* large() {
      for (let i = 0; i < 192; i++) yield chunk
    }
    const key = randomUUID()
    const result = await store.put(key, large(), { maxBytes: 50 * 1024 * 1024 })
    expect(result.size).toBe(12 * 1024 * 1024)
    const back = await readAll((await store.get(key))!.stream)
    expect(back.byteLength).toBe(result.size)
    expect(createHash('md5').update(back).digest('hex')).toBe(result.md5)
    const tail = await readAll(
      (await store.get(key, { start: result.size - 3, end: result.size - 1 }))!.stream,
    )
    expect([...tail]).toEqual([...chunk.slice(-3)])
    if (backend === 's3') {
      expect(sent.filter((name) => name === 'UploadPartCommand')).toHaveLength(3)
      expect(sent).toContain('CompleteMultipartUploadCommand')
    }
  })

  it('leaves no blob when a large upload fails after some parts went up, and aborts the upload', async () => {
    const chunk = new Uint8Array(1024 * 1024)
    async function* failsLate() {
      for (let i = 0; i < 11; i++) yield chunk
      throw new Error('connection reset')
    }
    const key = randomUUID()
    await expect(store.put(key, failsLate(), { maxBytes: 50 * 1024 * 1024 })).rejects.toThrow(
      'connection reset',
    )
    expect(await store.exists(key)).toBe(false)
    expect(await stored()).toEqual([])
    if (backend === 's3') {
      expect(sent).toContain('UploadPartCommand')
      expect(sent).toContain('AbortMultipartUploadCommand')
      expect(sent).not.toContain('CompleteMultipartUploadCommand')
    }
  })

  it('copies and deletes, and a missing blob is simply absent', async () => {
    const a = randomUUID()
    const b = randomUUID()
    await store.put(a, chunks(bytes('abc')), { maxBytes: 10 })
    await store.copy(a, b)
    await store.delete(a)
    await store.delete(a)
    expect(await store.exists(a)).toBe(false)
    expect(await store.stat(a)).toBeUndefined()
    expect(new TextDecoder().decode(await readAll((await store.get(b))!.stream))).toBe('abc')
    await expect(store.copy(a, randomUUID())).rejects.toThrow(/no blob/)
  })

  it('lists every complete blob with its write time', async () => {
    const keys = [randomUUID(), randomUUID()].sort()
    const before = Date.now() - 60_000
    for (const key of keys) await store.put(key, chunks(bytes('x')), { maxBytes: 10 })
    const listed = []
    for await (const blob of store.list()) listed.push(blob)
    expect(listed.map((blob) => blob.key).sort()).toEqual(keys)
    for (const blob of listed) expect(blob.modifiedAt.getTime()).toBeGreaterThan(before)
  })

  it('is empty only while it holds nothing at all, a blob or anything else', async () => {
    expect(await store.isEmpty()).toBe(true)
    const key = randomUUID()
    await store.put(key, chunks(bytes('x')), { maxBytes: 10 })
    expect(await store.isEmpty()).toBe(false)
    await store.delete(key)
    expect(await store.isEmpty()).toBe(true)
    // Something that is not a blob (an operator's file, another program's object) counts too.
    if (s3) {
      const client = createS3Client(s3.settings)
      const foreign = { Bucket: s3.settings.bucket, Key: 'notes/readme.txt' }
      await client.send(new PutObjectCommand({ ...foreign, Body: 'mine' }))
      expect(await store.isEmpty()).toBe(false)
      await client.send(new DeleteObjectCommand(foreign))
      client.destroy()
    } else {
      writeFileSync(join(root, 'readme.txt'), 'mine')
      expect(await store.isEmpty()).toBe(false)
    }
  })

  it.each(['../x', '/etc/passwd', 'a/b', '', 'ABCDEF00-0000-4000-8000-000000000000'])(
    'refuses the key %j, so nothing can address a path outside the root',
    async (key) => {
      await expect(store.put(key, chunks(bytes('x')), { maxBytes: 10 })).rejects.toThrow(/invalid blob key/)
      await expect(store.get(key)).rejects.toThrow(/invalid blob key/)
      await expect(store.delete(key)).rejects.toThrow(/invalid blob key/)
    },
  )
})
