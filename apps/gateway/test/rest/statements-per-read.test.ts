import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { authRequest, DEMO_PASSWORDS } from '../auth/helpers.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Decision 051: what one REST read costs the embedded database, as counts (no timings). Each call
 * into PGlite runs PostgreSQL's WebAssembly for the messages it carries; on V8's baseline compiler
 * (`npm start`'s `--liftoff-only`) that work is the part of a read that is slower than on the
 * untuned gateway. Before 051 a read by the anonymous visitor made 18 calls for 5 statements
 * (BEGIN, SET TRANSACTION READ ONLY, the caller's scope, the query, COMMIT; six calls per
 * parameterised statement, two per plain one). Since decision 055 each statement is prepared once
 * (Parse) and afterwards only bound and run (Bind): a read repeated parses nothing.
 */
describe('calls into PGlite per REST read', () => {
  let gw: TestGateway
  /** Every buffer of frontend messages the gateway hands PGlite while recording. */
  let sent: Uint8Array[] | undefined
  /** Prepared statements' texts by name, from every Parse the gateway sends (recording or not). */
  const named = new Map<string, string>()
  beforeAll(async () => {
    // The spy below sees PGlite in this thread only: with PGLITE_WORKER=true (decision 071) the
    // same driver runs in a worker thread, where it makes the same calls unseen.
    vi.stubEnv('PGLITE_WORKER', 'false')
    const original = PGlite.prototype.execProtocolRaw
    vi.spyOn(PGlite.prototype, 'execProtocolRaw').mockImplementation(function (
      this: PGlite,
      message,
      options,
    ) {
      const statements = messagesOf(message)
      for (const { type, fields } of statements) if (type === 'P') named.set(fields[0], fields[1])
      sent?.push(message)
      return original.call(this, message, options)
    })
    gw = await createTestGateway('pglite', {
      seed: true,
      env: { AUTH_RATE_LIMIT_SIGN_IN: '1000' },
    })
  })
  afterAll(async () => {
    await gw.close()
    vi.restoreAllMocks()
    vi.unstubAllEnvs()
  })

  /** The frontend messages of one buffer: type and the first two NUL-terminated fields of each. */
  function messagesOf(bytes: Uint8Array): { type: string; fields: [string, string] }[] {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    const out: { type: string; fields: [string, string] }[] = []
    for (let at = 0; at < bytes.length; at += 1 + view.getInt32(at + 1)) {
      const body = Buffer.from(bytes.subarray(at + 5, at + 1 + view.getInt32(at + 1)))
      const first = body.indexOf(0)
      const second = body.indexOf(0, first + 1)
      out.push({
        type: String.fromCharCode(bytes[at] as number),
        fields: [body.subarray(0, first).toString(), body.subarray(first + 1, second).toString()],
      })
    }
    return out
  }

  /**
   * The calls into PGlite while `fn` runs and the statements they run, in order (Parse: name,
   * text; Bind: portal, statement name; Query: text), and how many statements they parse.
   */
  async function record(
    fn: () => Promise<void>,
  ): Promise<{ calls: number; statements: string[]; parsed: number }> {
    sent = []
    await fn()
    const calls = sent
    sent = undefined
    const statements: string[] = []
    let parsed = 0
    for (const { type, fields } of calls.flatMap(messagesOf)) {
      if (type === 'P') parsed++
      if (type === 'B') statements.push(named.get(fields[1]) ?? `unknown statement ${fields[1]}`)
      if (type === 'Q') statements.push(fields[0])
    }
    return {
      calls: calls.length,
      parsed,
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
    // The schema cache is loaded and the statements prepared once, before the counted read.
    await record(() => read(headers))
    const { calls, statements, parsed } = await record(() => read(headers))
    expect(statements).toEqual([
      'begin read',
      "select set_config('role',",
      'select coalesce(json_agg(pgrst_r.o),',
      'commit',
    ])
    expect(calls).toBe(1)
    expect(parsed).toBe(0)
  })

  it('a signed-in read checks its session first: the same four statements in two calls', async () => {
    const res = await authRequest(gw, '/token?grant_type=password', {
      body: { email: DEMO.tenantA.email, password: DEMO_PASSWORDS.tenantA },
    })
    const { access_token: token } = (await res.json()) as { access_token: string }
    const headers = { apikey: gw.keys.anonKey, authorization: `Bearer ${token}` }
    await record(() => read(headers))
    const { calls, statements, parsed } = await record(() => read(headers))
    expect(statements).toEqual([
      'begin read',
      "select set_config('role',",
      'select coalesce(json_agg(pgrst_r.o),',
      'commit',
    ])
    expect(calls).toBe(2)
    expect(parsed).toBe(0)
  })
})
