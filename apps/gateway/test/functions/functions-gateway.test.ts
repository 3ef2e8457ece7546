import type { FunctionHandler } from '@genesis/functions/_shared/function-context.ts'
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supabaseCors } from '../../src/http/cors.ts'
import { type FunctionDefinition, functionsFromMap } from '../../src/services/functions/function-folders.ts'
import { createFunctionsRoutes } from '../../src/services/functions/routes.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_URL, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

const fn = (handler: FunctionHandler, overrides: Partial<FunctionDefinition> = {}): FunctionDefinition => ({
  create: () => handler,
  verifyJwt: true,
  rateLimited: false,
  maxBodyBytes: 1024,
  timeoutMs: 2000,
  ...overrides,
})

/** A promise the test resolves: the streaming probe waits on it between its two chunks. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open: () => open() }
}
let streamGate = gate()

/** What the wall-clock probes saw of being stopped. */
const observed = { hangAborted: false, endlessCancelled: false, endlessAborted: false }
const wallClockProbes = new Map<string, FunctionDefinition>([
  [
    'hang',
    fn(
      (req) =>
        new Promise<Response>(() => {
          req.signal.addEventListener('abort', () => {
            observed.hangAborted = true
          })
        }),
      { timeoutMs: 10_000 },
    ),
  ],
  [
    'endless',
    fn(async (req) => {
      req.signal.addEventListener('abort', () => {
        observed.endlessAborted = true
      })
      const tick = new TextEncoder().encode('data: tick\n\n')
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          controller.enqueue(tick)
        },
        cancel() {
          observed.endlessCancelled = true
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    }),
  ],
])

/** Functions that exist only to probe the runner. */
const probes = new Map<string, FunctionDefinition>([
  [
    'echo',
    fn(async (req) => {
      const url = new URL(req.url)
      return Response.json({
        method: req.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.get('authorization'),
        apikey: req.headers.get('apikey'),
        custom: req.headers.get('x-custom'),
        contentType: req.headers.get('content-type'),
        body: await req.text(),
      })
    }),
  ],
  ['open', fn(async () => Response.json({ ok: true }), { verifyJwt: false })],
  [
    'teapot',
    fn(async () =>
      Response.json({ error: 'short and stout' }, { status: 418, headers: { 'x-relay-error': 'true' } }),
    ),
  ],
  [
    'crash',
    fn(async () => {
      throw new Error('boom')
    }),
  ],
  // Resolves to something that is not a Response: as much a crash of the function as a throw.
  ['no-response', fn(async () => ({ ok: true }) as unknown as Response)],
  [
    'broken-boot',
    {
      ...fn(async () => Response.json({})),
      create: () => {
        throw new Error('missing secret')
      },
    },
  ],
  ['slow', fn(() => new Promise<Response>(() => undefined), { timeoutMs: 100 })],
  [
    'stream',
    fn(async () => {
      const encoder = new TextEncoder()
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('data: one\n\n'))
          await streamGate.opened
          controller.enqueue(encoder.encode('data: two\n\n'))
          controller.close()
        },
      })
      return new Response(body, {
        status: 207,
        headers: { 'content-type': 'text/event-stream', 'x-stream': 'kept' },
      })
    }),
  ],
  ['limited', fn(async () => Response.json({ ok: true }), { verifyJwt: false, rateLimited: true })],
])

describe.each(drivers)('functions gateway (%s)', (driver) => {
  let gw: TestGateway
  let app: Hono
  const fetchApp: typeof fetch = async (input, init) => app.fetch(new Request(input, init))

  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      env: { FUNCTIONS_RATE_LIMIT: '3', FUNCTIONS_RATE_LIMIT_WINDOW_SECONDS: '60' },
    })
    app = new Hono()
    app.use('/functions/v1/*', supabaseCors())
    app.route('/functions/v1', createFunctionsRoutes(gw.deps, functionsFromMap(probes)))
  })
  afterAll(() => gw.close())

  const probeClient = async (options: { accessToken?: string } = {}) => {
    const { createClient } = await import('@supabase/supabase-js')
    return createClient(TEST_URL, gw.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: {
        fetch: fetchApp,
        headers: options.accessToken ? { Authorization: `Bearer ${options.accessToken}` } : {},
      },
    })
  }

  it('answers an unknown function with 404 NOT_FOUND, through the real gateway', async () => {
    const { data, error } = await gw.client().functions.invoke('no-such-function', { body: {} })
    expect(data).toBeNull()
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(404)
    expect(response.headers.get('x-relay-error')).toBeNull()
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' })
    const bare = await gw.app.request('/functions/v1/', { method: 'POST' })
    expect(bare.status).toBe(404)
  })

  it('passes method, sub-path, query, body and the caller’s headers through to the function', async () => {
    const client = await probeClient()
    const { data, error } = await client.functions.invoke('echo/deep/path?x=1&y=two', {
      method: 'PUT',
      body: { hello: 'world' },
      headers: { 'x-custom': 'kept' },
    })
    expect(error).toBeNull()
    expect(data).toEqual({
      method: 'PUT',
      path: '/echo/deep/path',
      query: { x: '1', y: 'two' },
      authorization: `Bearer ${gw.keys.anonKey}`,
      apikey: gw.keys.anonKey,
      custom: 'kept',
      contentType: 'application/json',
      body: '{"hello":"world"}',
    })
  })

  it('accepts a signed-in user’s token where a JWT is required', async () => {
    const token = await signToken(userClaims(DEMO.tenantA), gw.keys.jwtSecret)
    const client = await probeClient({ accessToken: token })
    const { data, error } = await client.functions.invoke('echo', { body: {} })
    expect(error).toBeNull()
    expect(data.authorization).toBe(`Bearer ${token}`)
  })

  it('refuses a request without Authorization with 401 UNAUTHORIZED_NO_AUTH_HEADER', async () => {
    const response = await app.request('/functions/v1/echo', { method: 'POST', body: '{}' })
    expect(response.status).toBe(401)
    expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_NO_AUTH_HEADER')
    expect(await response.json()).toEqual({
      code: 'UNAUTHORIZED_NO_AUTH_HEADER',
      message: 'Missing authorization header',
      msg: 'Missing authorization header',
    })
  })

  it('refuses a token that is not a JWT with 401 UNAUTHORIZED_INVALID_JWT_FORMAT', async () => {
    const client = await probeClient({ accessToken: 'not-a-jwt' })
    const { error } = await client.functions.invoke('echo', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(401)
    expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT')
    expect(await response.json()).toMatchObject({ code: 'UNAUTHORIZED_INVALID_JWT_FORMAT' })
  })

  it('refuses a JWT signed with another secret, and an expired one, with 401 UNAUTHORIZED_LEGACY_JWT', async () => {
    const forged = await signToken(
      userClaims(DEMO.admin, { aal: 'aal2' }),
      'another-secret-that-is-long-enough-0123456789',
    )
    const expired = await signToken(
      { ...userClaims(DEMO.admin, { aal: 'aal2' }), exp: Math.floor(Date.now() / 1000) - 3600 },
      gw.keys.jwtSecret,
    )
    for (const token of [forged, expired]) {
      const { error } = await (await probeClient({ accessToken: token })).functions.invoke('echo', {
        body: {},
      })
      const response = (error as FunctionsHttpError).context as Response
      expect(response.status).toBe(401)
      const body = await response.json()
      expect(body.code).toBe('UNAUTHORIZED_LEGACY_JWT')
      expect(body.message).toMatch(/^Invalid JWT/)
      expect(body.msg).toBe(body.message)
    }
  })

  it('lets a function that does not verify JWTs be called with no key at all', async () => {
    const response = await app.request('/functions/v1/open', { method: 'POST' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true })
  })

  it('answers a CORS preflight and exposes the headers the client reads', async () => {
    const preflight = await gw.app.request('/functions/v1/send-enquiry-email', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://genesis.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, apikey, x-client-info, content-type',
      },
    })
    expect(preflight.status).toBeLessThan(300)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('apikey')
    const response = await app.request('/functions/v1/open', {
      method: 'POST',
      headers: { Origin: 'https://genesis.example' },
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(response.headers.get('access-control-expose-headers')).toContain('x-relay-error')
  })

  it('returns a function’s own error status as is, and never lets it claim to be a relay error', async () => {
    const { error } = await (await probeClient()).functions.invoke('teapot', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(418)
    expect(response.headers.get('x-relay-error')).toBeNull()
    expect(await response.json()).toEqual({ error: 'short and stout' })
  })

  it('answers 500 WORKER_ERROR as a relay error when a function throws, as Supabase does', async () => {
    const { error } = await (await probeClient()).functions.invoke('crash', { body: {} })
    expect(error).toBeInstanceOf(FunctionsRelayError)
    const response = (error as FunctionsRelayError).context as Response
    expect(response.status).toBe(500)
    expect(response.headers.get('x-relay-error')).toBe('true')
    expect(response.headers.get('sb-error-code')).toBe('WORKER_ERROR')
    expect(await response.json()).toEqual({
      code: 'WORKER_ERROR',
      message: 'Function exited due to an error (please check logs)',
    })
  })

  it('answers 500 WORKER_ERROR when a function answers with something that is not a Response', async () => {
    const { error } = await (await probeClient()).functions.invoke('no-response', { body: {} })
    expect(error).toBeInstanceOf(FunctionsRelayError)
    const response = (error as FunctionsRelayError).context as Response
    expect(response.status).toBe(500)
    expect(await response.json()).toMatchObject({ code: 'WORKER_ERROR' })
  })

  it('flags its own failures as relay errors: 503 when a function cannot start, 504 when it hangs', async () => {
    const client = await probeClient()
    const boot = await client.functions.invoke('broken-boot', { body: {} })
    expect(boot.error).toBeInstanceOf(FunctionsRelayError)
    const bootResponse = (boot.error as FunctionsRelayError).context as Response
    expect(bootResponse.status).toBe(503)
    expect(bootResponse.headers.get('x-relay-error')).toBe('true')
    expect(await bootResponse.json()).toMatchObject({ code: 'BOOT_ERROR' })

    const slow = await client.functions.invoke('slow', { body: {} })
    expect(slow.error).toBeInstanceOf(FunctionsRelayError)
    const slowResponse = (slow.error as FunctionsRelayError).context as Response
    expect(slowResponse.status).toBe(504)
    expect(slowResponse.headers.get('sb-error-code')).toBe('IDLE_TIMEOUT')
    expect(await slowResponse.json()).toMatchObject({ code: 'IDLE_TIMEOUT' })
  })

  it('streams a response through as the function writes it, status and headers unchanged', async () => {
    streamGate = gate()
    const { data, error, response } = await (await probeClient()).functions.invoke('stream', {
      method: 'GET',
    })
    expect(error).toBeNull()
    expect(response?.status).toBe(207)
    expect(response?.headers.get('x-stream')).toBe('kept')
    const reader = (data as Response).body!.getReader()
    const decoder = new TextDecoder()
    // The function writes its second chunk only after the client has read the first: a runner that
    // buffered the body would never deliver either.
    expect(decoder.decode((await reader.read()).value)).toBe('data: one\n\n')
    streamGate.open()
    expect(decoder.decode((await reader.read()).value)).toBe('data: two\n\n')
    expect((await reader.read()).done).toBe(true)
  })

  it('stops a function at the wall-clock limit: 546 before it answered, its body cut off while it streams', async () => {
    Object.assign(observed, { hangAborted: false, endlessCancelled: false, endlessAborted: false })
    const limited = new Hono()
    const deps = { ...gw.deps, config: { ...gw.deps.config, FUNCTIONS_WALL_CLOCK_LIMIT_MS: 300 } }
    limited.route('/functions/v1', createFunctionsRoutes(deps, functionsFromMap(wallClockProbes)))
    const { createClient } = await import('@supabase/supabase-js')
    const client = createClient(TEST_URL, gw.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { fetch: async (input, init) => limited.fetch(new Request(input, init)) },
    })

    const hung = await client.functions.invoke('hang', { body: {} })
    expect(hung.error).toBeInstanceOf(FunctionsRelayError)
    const hungResponse = (hung.error as FunctionsRelayError).context as Response
    expect(hungResponse.status).toBe(546)
    expect(hungResponse.headers.get('sb-error-code')).toBe('WORKER_RESOURCE_LIMIT')
    expect(await hungResponse.json()).toEqual({
      code: 'WORKER_RESOURCE_LIMIT',
      message: 'Function was stopped at the wall clock limit of 300 ms',
    })
    expect(observed.hangAborted).toBe(true)

    const endless = await client.functions.invoke('endless', { method: 'GET' })
    expect(endless.error).toBeNull()
    const reader = (endless.data as Response).body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: tick\n\n')
    const readToTheEnd = async () => {
      for (;;) if ((await reader.read()).done) return 'ended normally'
    }
    await expect(readToTheEnd()).rejects.toThrow()
    expect(observed.endlessCancelled).toBe(true)
    expect(observed.endlessAborted).toBe(true)
  })

  it('refuses a body over the function’s limit with 413, declared or streamed', async () => {
    const big = 'x'.repeat(2048)
    const { error } = await (await probeClient()).functions.invoke('echo', { body: big })
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode('y'.repeat(512)))
        controller.close()
      },
    })
    const streamed = await app.request('/functions/v1/echo', {
      method: 'POST',
      headers: { Authorization: `Bearer ${gw.keys.anonKey}` },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
  })

  it('flags a failure of the gateway itself (the request body breaks off) as a 500 relay error', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"partial":'))
        controller.error(new Error('connection reset'))
      },
    })
    const response = await app.request('/functions/v1/echo', {
      method: 'POST',
      headers: { Authorization: `Bearer ${gw.keys.anonKey}` },
      body: broken,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(500)
    expect(response.headers.get('x-relay-error')).toBe('true')
    expect(await response.json()).toMatchObject({ code: 'GATEWAY_ERROR' })
  })

  it('limits requests per client address with 429 and Retry-After, and leaves other functions alone', async () => {
    const client = await probeClient()
    for (let i = 0; i < 3; i++) {
      const { error } = await client.functions.invoke('limited', { body: {} })
      expect(error).toBeNull()
    }
    const { error } = await client.functions.invoke('limited', { body: {} })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const response = (error as FunctionsHttpError).context as Response
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await response.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    expect((await client.functions.invoke('open', { body: {} })).error).toBeNull()
  })
})
