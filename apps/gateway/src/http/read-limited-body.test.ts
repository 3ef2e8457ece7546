import { request } from 'node:http'
import { type ServerType, serve } from '@hono/node-server'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe('readLimitedBody with a declared length (read whole, decision 058)', () => {
  it('reads the body a Content-Length announces', async () => {
    const body = await readLimitedBody(post('abcd', { 'content-length': '4' }), 4)
    expect(new TextDecoder().decode(body)).toBe('abcd')
  })

  it('still refuses a body over the limit when its declared length lied', async () => {
    await expect(readLimitedBody(post('abcdef', { 'content-length': '3' }), 4)).rejects.toBeInstanceOf(
      TooLarge,
    )
  })

  it('reads nothing for GET and HEAD', async () => {
    expect(
      await readLimitedBody(new Request('http://x.test/', { headers: { 'content-length': '3' } }), 4),
    ).toBeUndefined()
  })
})

describe('readLimitedBody on the Node server the gateway runs', () => {
  let server: ServerType
  let port = 0
  beforeAll(async () => {
    const app = new Hono()
    app.post('/', async (c) => {
      try {
        const body = await readLimitedBody(c.req.raw, 8)
        return c.text(`read ${new TextDecoder().decode(body)}`)
      } catch (error) {
        if (error instanceof TooLarge) return c.text(error.message, 413)
        throw error
      }
    })
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        port = info.port
        resolve()
      })
    })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const send = (chunks: string[], headers: Record<string, string>) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d) => {
          text += d
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      for (const chunk of chunks) req.write(chunk)
      req.end()
    })

  it('reads a body with its declared length', async () => {
    expect(await send(['abc', 'defgh'], { 'content-length': '8' })).toEqual({
      status: 200,
      text: 'read abcdefgh',
    })
  })

  it('refuses a declared length over the limit', async () => {
    expect((await send(['abcdefghi'], { 'content-length': '9' })).status).toBe(413)
  })

  it('reads a chunked body within the limit and refuses one past it while it streams', async () => {
    expect(await send(['abcd', 'efgh'], { 'transfer-encoding': 'chunked' })).toEqual({
      status: 200,
      text: 'read abcdefgh',
    })
    expect((await send(['abcde', 'fghij'], { 'transfer-encoding': 'chunked' })).status).toBe(413)
  })
})
