import { Hono } from 'hono'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { firstIssue, jsonBodyReader, nestingDepthExceeds } from './json-body.ts'
import { ServiceError, serviceErrorHandler } from './service-error.ts'

class TestError extends ServiceError {
  override body() {
    return { problem: this.code, message: this.message }
  }
}

const reader = jsonBodyReader(
  {
    tooLarge: (limit) => new TestError(413, 'too_large', `larger than ${limit} bytes`),
    malformed: () => new TestError(400, 'malformed', 'not JSON'),
    tooDeep: (depth) => new TestError(400, 'too_deep', `deeper than ${depth}`),
    invalid: (issues) => new TestError(400, 'invalid', firstIssue(issues)),
    unsupportedType: (type) => new TestError(415, 'type', type),
  },
  { JSON_BODY_LIMIT_BYTES: 64, JSON_MAX_DEPTH: 4 },
)

const app = new Hono()
app.onError(
  serviceErrorHandler({
    logger: pino({ level: 'silent' }),
    service: 'test',
    internal: () => new TestError(500, 'internal', 'oops'),
  }),
)
app.post('/named', async (c) => c.json(await reader.read(c, z.object({ name: z.string() }))))
app.post('/value', async (c) => c.json({ value: await reader.readValue(c, { empty: 'nothing' }) }))
app.post('/text', async (c) => c.json(await reader.read(c, z.unknown(), { mediaTypes: ['text/plain'] })))

const post = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } })

/** A body without Content-Length, sent in chunks: the limit must hold while it streams. */
function chunked(chunks: string[]): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks.length) return controller.close()
      controller.enqueue(new TextEncoder().encode(chunks[pulled++]))
    },
  })
  return { stream, pulled: () => pulled }
}

describe('the JSON body reader', () => {
  it('hands the route the validated value', async () => {
    const res = await post('/named', JSON.stringify({ name: 'Fresh Basket', extra: 1 }))
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ name: 'Fresh Basket' })
  })

  it('words every refusal through the service’s errors', async () => {
    const cases: [string, number, string][] = [
      ['{nope', 400, 'malformed'],
      [JSON.stringify({ name: 3 }), 400, 'invalid'],
      ['', 400, 'malformed'],
      [JSON.stringify({ name: 'x'.repeat(100) }), 413, 'too_large'],
    ]
    for (const [body, status, problem] of cases) {
      const res = await post('/named', body)
      expect(res.status, body).toBe(status)
      expect((await res.json()).problem, body).toBe(problem)
    }
  })

  it('names the field of the first problem', async () => {
    const res = await post('/named', JSON.stringify({}))
    expect(await res.json()).toMatchObject({ message: expect.stringMatching(/^name: /) })
  })

  it('refuses a declared length over the limit before reading, naming the limit', async () => {
    const { stream, pulled } = chunked(Array.from({ length: 100 }, () => 'x'.repeat(40)))
    const res = await app.request('/named', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json', 'content-length': '65' },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ problem: 'too_large', message: 'larger than 64 bytes' })
    // A stream fills its queue once when it is made; nothing beyond that was read.
    expect(pulled()).toBeLessThanOrEqual(1)
  })

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    const { stream, pulled } = chunked(Array.from({ length: 100 }, () => 'x'.repeat(40)))
    const res = await app.request('/named', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    // Two 40-byte chunks pass 64 bytes; a reader that buffered first would have pulled all 100.
    expect(pulled()).toBeLessThan(5)
  })

  it('refuses nesting past the limit with a 400, counting only brackets outside strings', async () => {
    const deep = await post('/value', '[[[[[1]]]]]')
    expect(deep.status).toBe(400)
    expect((await deep.json()).problem).toBe('too_deep')
    const quoted = await post('/value', JSON.stringify({ a: '[[[[[[[[[[' }))
    expect(quoted.status).toBe(200)
  })

  it('answers 400, not 500, for a hostile depth far past any stack', async () => {
    const res = await app.request('/value', {
      method: 'POST',
      body: '['.repeat(50),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })

  it('gives an empty body the route’s meaning when it has one', async () => {
    const res = await post('/value', '')
    expect(await res.json()).toEqual({ value: 'nothing' })
  })

  it('refuses a media type the route does not read', async () => {
    const res = await post('/text', '{}', { 'content-type': 'application/x-www-form-urlencoded' })
    expect(res.status).toBe(415)
    const ok = await post('/text', '{"a":1}', { 'content-type': 'text/plain;charset=UTF-8' })
    expect(ok.status).toBe(200)
  })
})

describe('nestingDepthExceeds', () => {
  it('counts arrays and objects, skipping escaped quotes inside strings', () => {
    expect(nestingDepthExceeds('{"a":{"b":[1]}}', 3)).toBe(false)
    expect(nestingDepthExceeds('{"a":{"b":[[1]]}}', 3)).toBe(true)
    expect(nestingDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false)
    expect(nestingDepthExceeds(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 64)).toBe(true)
  })
})
