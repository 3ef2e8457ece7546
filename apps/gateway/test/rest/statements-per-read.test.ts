import { PGlite } from '@electric-sql/pglite'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { authRequest, DEMO_PASSWORDS } from '../auth/helpers.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Decision 051: what one REST read costs the embedded database, as counts (no timings). Each call
 * into PGlite runs PostgreSQL's WebAssembly for the messages it carries; on V8's baseline compiler
 * (`npm start`'s `--liftoff-only`) that work is the part of a read that is slower than on the
 * untuned gateway. Before 051 a read by the anonymous visitor made 18 calls for 5 statements
 * (BEGIN, SET TRANSACTION READ ONLY, the caller's scope, the query, COMMIT; six calls per
 * parameterised statement, two per plain one).
 */
describe('calls into PGlite per REST read', () => {
  let gw: TestGateway
  let sent: Uint8Array[] = []
  beforeAll(async () => {
    gw = await createTestGateway('pglite', {
      seed: true,
      env: { AUTH_RATE_LIMIT_SIGN_IN: '1000' },
    })
  })
  afterAll(() => gw.close())
  afterEach(() => vi.restoreAllMocks())

  /** Every buffer of frontend messages the gateway hands PGlite while `fn` runs. */
  async function record(fn: () => Promise<void>): Promise<{ calls: number; statements: string[] }> {
    sent = []
    const original = PGlite.prototype.execProtocolRaw
    vi.spyOn(PGlite.prototype, 'execProtocolRaw').mockImplementation(function (
      this: PGlite,
      message,
      options,
    ) {
      sent.push(message)
      return original.call(this, message, options)
    })
    await fn()
    vi.restoreAllMocks()
    const statements: string[] = []
    for (const bytes of sent) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      for (let at = 0; at < bytes.length; at += 1 + view.getInt32(at + 1)) {
        const type = String.fromCharCode(bytes[at] as number)
        const body = Buffer.from(bytes.subarray(at + 5, at + 1 + view.getInt32(at + 1)))
        // Parse: name \0 text \0 …; Query: text \0.
        if (type === 'P')
          statements.push(body.subarray(body.indexOf(0) + 1, body.indexOf(0, body.indexOf(0) + 1)).toString())
        if (type === 'Q') statements.push(body.subarray(0, body.indexOf(0)).toString())
      }
    }
    return {
      calls: sent.length,
      statements: statements.map((s) => s.trim().split(/\s+/).slice(0, 2).join(' ')),
    }
  }

  const read = async (headers: Record<string, string>) => {
    const res = await gw.app.request('/rest/v1/shops?select=*', { headers })
    expect(res.status).toBe(200)
    const body = (await res.json()) as unknown[]
    expect(body.length).toBeGreaterThan(0)
  }

  it('an anonymous read is one transaction of four statements in one call', async () => {
    const headers = { apikey: gw.keys.anonKey }
    await read(headers) // the schema cache is loaded once, before the counted read
    const { calls, statements } = await record(() => read(headers))
    expect(statements).toEqual([
      'begin read',
      "select set_config('role',",
      'select coalesce(json_agg(pgrst_r.o),',
      'commit',
    ])
    expect(calls).toBe(1)
  })

  it('a signed-in read checks its session first: the same four statements in two calls', async () => {
    const res = await authRequest(gw, '/token?grant_type=password', {
      body: { email: DEMO.tenantA.email, password: DEMO_PASSWORDS.tenantA },
    })
    const { access_token: token } = (await res.json()) as { access_token: string }
    const headers = { apikey: gw.keys.anonKey, authorization: `Bearer ${token}` }
    await read(headers)
    const { calls, statements } = await record(() => read(headers))
    expect(statements).toEqual([
      'begin read',
      "select set_config('role',",
      'select coalesce(json_agg(pgrst_r.o),',
      'commit',
    ])
    expect(calls).toBe(2)
  })
})
