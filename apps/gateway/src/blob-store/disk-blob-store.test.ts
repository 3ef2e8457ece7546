import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type BlobStore, BlobTooLargeError } from './blob-store.ts'
import { createDiskBlobStore } from './disk-blob-store.ts'

const bytes = (text: string) => new TextEncoder().encode(text)
async function* chunks(...parts: Uint8Array[]) {
  for (const part of parts) yield part
}
const readAll = async (stream: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(stream).arrayBuffer())

describe('disk blob store', () => {
  let root: string
  let store: BlobStore
  const files = () =>
    readdirSync(root, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile())
      .map((e) => e.name)
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'blob-store-'))
    store = createDiskBlobStore(root)
  })
  afterEach(() => rmSync(root, { recursive: true, force: true }))

  it('stores a blob from chunks and reports its size and MD5', async () => {
    const key = randomUUID()
    const stored = await store.put(key, chunks(bytes('hello '), bytes('world')), { maxBytes: 100 })
    expect(stored).toEqual({ size: 11, md5: '5eb63bbbe01eeed093cb22bb8f5acdc3' })
    expect(await store.exists(key)).toBe(true)
    expect(await store.stat(key)).toEqual({ size: 11 })
    const whole = await store.get(key)
    expect(new TextDecoder().decode(await readAll(whole!.stream))).toBe('hello world')
    const part = await store.get(key, { start: 6, end: 10 })
    expect(new TextDecoder().decode(await readAll(part!.stream))).toBe('world')
    expect(files()).toEqual([key])
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
    expect(files()).toEqual([])
  })

  it('leaves nothing when the source fails midway', async () => {
    async function* failing() {
      yield bytes('partial')
      throw new Error('connection reset')
    }
    const key = randomUUID()
    await expect(store.put(key, failing(), { maxBytes: 100 })).rejects.toThrow('connection reset')
    expect(await store.get(key)).toBeUndefined()
    expect(files()).toEqual([])
  })

  it('copies and deletes, and a missing blob is simply absent', async () => {
    const a = randomUUID()
    const b = randomUUID()
    await store.put(a, chunks(bytes('abc')), { maxBytes: 10 })
    await store.copy(a, b)
    await store.delete(a)
    await store.delete(a)
    expect(await store.exists(a)).toBe(false)
    expect(new TextDecoder().decode(await readAll((await store.get(b))!.stream))).toBe('abc')
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
