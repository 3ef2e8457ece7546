import { describe, expect, it } from 'vitest'
import { readLimitedBody as read } from './read-limited-body.ts'

class TooLarge extends Error {}
const readLimitedBody = (req: Request, limit: number) => read(req, limit, (n) => new TooLarge(`over ${n}`))

function streamOf(...chunks: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    },
  })
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://x.test/', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

describe('readLimitedBody', () => {
  it('returns the whole body when it fits, including exactly at the limit', async () => {
    expect(new TextDecoder().decode(await readLimitedBody(post(streamOf('ab', 'cd')), 4))).toBe('abcd')
  })

  it('returns undefined for a request without a body', async () => {
    expect(await readLimitedBody(new Request('http://x.test/'), 4)).toBeUndefined()
  })

  it('refuses a streamed body once it passes the limit', async () => {
    await expect(readLimitedBody(post(streamOf('abc', 'de')), 4)).rejects.toBeInstanceOf(TooLarge)
  })

  it('refuses a declared Content-Length over the limit without reading', async () => {
    await expect(readLimitedBody(post('a', { 'content-length': '999' }), 4)).rejects.toBeInstanceOf(TooLarge)
  })
})
