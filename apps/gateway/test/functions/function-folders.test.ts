import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/**
 * Functions deployed by adding a folder (issue 17, item 13): a `supabase/`-shaped folder of our
 * own, served by the real gateway with FUNCTIONS_DIR pointing at it, called through supabase-js.
 * The modules are plain JavaScript in .ts files, as a function may be.
 */
describe.each(drivers)('functions deployed as folders (%s)', (driver) => {
  let root: string
  let functionsDir: string
  let gw: TestGateway

  const writeFunction = (name: string, source: string) => {
    mkdirSync(join(functionsDir, name), { recursive: true })
    writeFileSync(join(functionsDir, name, 'index.ts'), source)
  }
  let configVersion = 0
  /** Writes supabase/config.toml, with a later mtime each time so a change is always seen. */
  const writeConfig = (toml: string) => {
    const file = join(root, 'config.toml')
    writeFileSync(file, toml)
    configVersion += 1
    const at = new Date(Date.now() + configVersion * 1000)
    utimesSync(file, at, at)
  }
  const raw = (name: string, init: RequestInit = {}) =>
    gw.app.request(`/functions/v1/${name}`, { method: 'POST', ...init })

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'genesis-functions-'))
    functionsDir = join(root, 'functions')
    writeFunction(
      'hello',
      `export default {
        async fetch(req) {
          const url = new URL(req.url)
          return Response.json({ hello: url.searchParams.get('name') ?? 'world', path: url.pathname })
        },
      }\n`,
    )
    writeFunction(
      'public-form',
      `export const limits = { rateLimited: false, maxBodyBytes: 16 }
      export default function create(ctx) {
        return async (req) => Response.json({ site: ctx.config.siteUrl, body: await req.text() })
      }\n`,
    )
    writeFunction('switched-off', 'export default { fetch: () => new Response("on") }\n')
    writeFunction('not-a-handler', 'export default 42\n')
    writeFunction(
      'bad-limits',
      'export const limits = { maxBodyBytes: -1 }\nexport default { fetch: () => new Response("") }\n',
    )
    mkdirSync(join(functionsDir, '_shared'), { recursive: true })
    writeFileSync(
      join(functionsDir, '_shared', 'index.ts'),
      'export default { fetch: () => new Response("shared") }\n',
    )
    writeConfig(`project_id = "test"

[functions.public-form]
verify_jwt = false

[functions.switched-off]
enabled = false
`)
    gw = await createTestGateway(driver, { env: { FUNCTIONS_DIR: functionsDir } })
  })
  afterAll(async () => {
    await gw.close()
    rmSync(root, { recursive: true, force: true })
  })

  it('serves every folder with an index.ts at /functions/v1/<name>, without a registry', async () => {
    const { data, error } = await gw.client().functions.invoke('hello?name=Thandi', { method: 'GET' })
    expect(error).toBeNull()
    expect(data).toEqual({ hello: 'Thandi', path: '/hello' })
    const made = await gw.client().functions.invoke('public-form', { body: 'hi' })
    expect(made.error).toBeNull()
    expect(made.data).toEqual({ site: 'http://gateway.test', body: 'hi' })
  })

  it('serves a folder added while the gateway runs from its first call', async () => {
    expect((await raw('late', { headers: { Authorization: `Bearer ${gw.keys.anonKey}` } })).status).toBe(404)
    writeFunction('late', 'export default { fetch: () => Response.json({ late: true }) }\n')
    const { data, error } = await gw.client().functions.invoke('late', { body: {} })
    expect(error).toBeNull()
    expect(data).toEqual({ late: true })
  })

  it('verifies JWTs unless config.toml says verify_jwt = false for that function', async () => {
    const hello = await raw('hello')
    expect(hello.status).toBe(401)
    expect(hello.headers.get('sb-error-code')).toBe('UNAUTHORIZED_NO_AUTH_HEADER')
    const open = await raw('public-form', { body: 'no key' })
    expect(open.status).toBe(200)
    expect(await open.json()).toMatchObject({ body: 'no key' })
  })

  it('applies the limits a function exports', async () => {
    const { error } = await gw.client().functions.invoke('public-form', { body: 'x'.repeat(17) })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect(((error as FunctionsHttpError).context as Response).status).toBe(413)
  })

  it('answers 404 for a function switched off, a shared folder and a name that is no function', async () => {
    for (const name of ['switched-off', '_shared', 'no-such', '..%2Fhello', '.hidden']) {
      const response = await raw(name, { headers: { Authorization: `Bearer ${gw.keys.anonKey}` } })
      expect(response.status, name).toBe(404)
      expect(await response.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Requested function was not found',
      })
    }
  })

  it('answers 503 BOOT_ERROR for a module that is not a handler or has bad limits', async () => {
    for (const name of ['not-a-handler', 'bad-limits']) {
      const { error } = await gw.client().functions.invoke(name, { body: {} })
      expect(error, name).toBeInstanceOf(FunctionsRelayError)
      const response = (error as FunctionsRelayError).context as Response
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ code: 'BOOT_ERROR' })
    }
  })

  it('reads config.toml again when it changes, and refuses to guess when it cannot be read', async () => {
    writeConfig('[functions.hello]\nverify_jwt = false\n')
    expect((await raw('hello')).status).toBe(200)
    // public-form lost its entry, so it takes the default again: JWT required.
    expect((await raw('public-form', { body: 'x' })).status).toBe(401)

    writeConfig('[functions.hello\nverify_jwt = false\n')
    const broken = await raw('hello')
    expect(broken.status).toBe(503)
    expect(broken.headers.get('x-relay-error')).toBe('true')

    writeConfig('[functions.public-form]\nverify_jwt = false\n')
    expect((await raw('hello')).status).toBe(401)
    expect((await raw('public-form', { body: 'x' })).status).toBe(200)
  })
})

describe.each(drivers)('the repository’s own functions (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
  })
  afterAll(() => gw.close())

  it('are found in supabase/functions with verify_jwt from supabase/config.toml', async () => {
    // send-enquiry-email keeps the default: a JWT is required (the anon key is one).
    const enquiry = await gw.app.request('/functions/v1/send-enquiry-email', { method: 'POST', body: '{}' })
    expect(enquiry.status).toBe(401)
    // newsletter-subscription is verify_jwt = false: its unsubscribe page opens from a mail client.
    const unsubscribe = await gw.app.request('/functions/v1/newsletter-subscription/unsubscribe?token=00')
    // The function's own page for a link it does not know (HTML), not the gateway's 401 or 404.
    expect(unsubscribe.status).toBe(404)
    expect(unsubscribe.headers.get('content-type')).toMatch(/^text\/html/)
    expect(unsubscribe.headers.get('sb-error-code')).toBeNull()
    // _shared holds code, not a function.
    expect((await gw.app.request('/functions/v1/_shared', { method: 'POST' })).status).toBe(404)
  })
})
