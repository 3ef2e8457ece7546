import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { METADATA_MAX_BYTES } from '../../src/services/auth/request-input.ts'
import { MAX_NESTING, parseSelect } from '../../src/services/rest/parse-grammar.ts'
import { authRequest, DEMO_PASSWORDS } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Issue 11, item 4: every input is bounded, and a hostile one is a 4xx naming the bound, never a
 * 500 or a process that grows: body size (413 with the limit), JSON depth, `select=` and logic-tree
 * nesting, and the size of user and app metadata (which ride in every access token).
 */
const ENV = { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_EMAIL: '1000', AUTH_AUTOCONFIRM: 'true' }

const nestedSelect = (depth: number) => `id,${'shops('.repeat(depth)}id${')'.repeat(depth)}`
const nestedOr = (depth: number) => `${'or('.repeat(depth)}id.eq.1${')'.repeat(depth)}`

describe('nesting in the REST grammar', () => {
  it(`parses an embedding ${MAX_NESTING} deep and refuses one level more`, () => {
    expect(() => parseSelect(nestedSelect(MAX_NESTING))).not.toThrow()
    expect(() => parseSelect(nestedSelect(MAX_NESTING + 1))).toThrowError(/failed to parse select parameter/)
  })
})

describe.each(drivers)('bounded inputs (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: ENV })
  })
  afterAll(() => gw.close())

  const rest = (path: string, init: RequestInit = {}) =>
    gw.app.request(`/rest/v1${path}`, {
      ...init,
      headers: { apikey: gw.keys.anonKey, authorization: `Bearer ${gw.keys.anonKey}`, ...init.headers },
    })

  it.each([
    ['select= nested 5,000 deep', () => `/shops?select=${encodeURIComponent(nestedSelect(5000))}`],
    ['select= nested 33 deep', () => `/shops?select=${encodeURIComponent(nestedSelect(MAX_NESTING + 1))}`],
    ['or= nested 5,000 deep', () => `/shops?or=(${encodeURIComponent(nestedOr(5000))})`],
    ['not.or= nested 50,000 deep', () => `/shops?not.or=(${encodeURIComponent(nestedOr(50_000))})`],
  ])('answers %s with 400 PGRST100, never 500', async (_what, path) => {
    const res = await rest(path())
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body).toMatchObject({ code: 'PGRST100' })
    expect(body.details).toContain(`nesting deeper than ${MAX_NESTING} levels`)
    // The answer does not echo the whole hostile query back.
    expect(JSON.stringify(body).length).toBeLessThan(2000)
  })

  it('answers a deep filter path and a deep order path with a 4xx, never 500', async () => {
    const deepKey = `${'a.'.repeat(5000)}id`
    for (const path of [`/shops?${deepKey}=eq.1`, `/shops?order=${deepKey}`]) {
      const res = await rest(path)
      expect(res.status, path.slice(0, 40)).toBeGreaterThanOrEqual(400)
      expect(res.status, path.slice(0, 40)).toBeLessThan(500)
    }
  })

  it('answers a sign-up whose data nests 50,000 deep with 400, not 500', async () => {
    const data = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`
    const res = await gw.app.request('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: gw.keys.anonKey, 'content-type': 'application/json' },
      body: `{"email":"deep@example.com","password":"Long-enough-2026!","data":${data}}`,
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error_code: 'bad_json' })
  })

  it('refuses an oversize anonymous body on /auth/v1 and /rest/v1 with 413 naming the limit', async () => {
    const big = JSON.stringify({
      email: 'big@example.com',
      password: 'x',
      data: { blob: 'x'.repeat(3 * 1024 * 1024) },
    })
    const auth = await gw.app.request('/auth/v1/signup', {
      method: 'POST',
      headers: { apikey: gw.keys.anonKey, 'content-type': 'application/json' },
      body: big,
    })
    expect(auth.status).toBe(413)
    expect((await auth.json()).message ?? '').toMatch(/larger than \d+ bytes/)
    const restBig = await rest('/enquiries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(11 * 1024 * 1024) }),
    })
    expect(restBig.status).toBe(413)
    expect(JSON.stringify(await restBig.json())).toMatch(/\d+ bytes/)
  })

  it('refuses user metadata over the cap at sign-up, creating nobody', async () => {
    const res = await authRequest(gw, '/signup', {
      body: {
        email: 'heavy@example.com',
        password: 'Long-enough-2026!',
        data: { bio: 'x'.repeat(METADATA_MAX_BYTES) },
      },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      message: `data: must be at most ${METADATA_MAX_BYTES} bytes of JSON`,
    })
    const { rows } = await gw.db.query("select 1 from auth.users where email = 'heavy@example.com'")
    expect(rows).toEqual([])
  })

  it('refuses user metadata that grows past the cap patch by patch, keeping what was there', async () => {
    const signIn = await authRequest(gw, '/token?grant_type=password', {
      body: { email: DEMO.tenantB.email, password: DEMO_PASSWORDS.tenantB },
    })
    const { access_token: token } = (await signIn.json()) as { access_token: string }
    const chunk = 'x'.repeat(Math.floor(METADATA_MAX_BYTES / 3))
    for (const key of ['a', 'b']) {
      const ok = await authRequest(gw, '/user', {
        method: 'PUT',
        bearer: token,
        body: { data: { [key]: chunk } },
      })
      expect(ok.status).toBe(200)
    }
    const before = await gw.db.query<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where id = $1',
      [DEMO.tenantB.id],
    )
    const refused = await authRequest(gw, '/user', {
      method: 'PUT',
      bearer: token,
      body: { data: { c: chunk, d: chunk } },
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      message: `user_metadata: must be at most ${METADATA_MAX_BYTES} bytes of JSON`,
    })
    const after = await gw.db.query('select raw_user_meta_data as meta from auth.users where id = $1', [
      DEMO.tenantB.id,
    ])
    expect(after.rows).toEqual(before.rows)
  })

  it('refuses app metadata over the cap from the service role too', async () => {
    const res = await authRequest(gw, `/admin/users/${DEMO.tenantA.id}`, {
      method: 'PUT',
      key: gw.keys.serviceRoleKey,
      body: { app_metadata: { notes: 'x'.repeat(METADATA_MAX_BYTES + 1) } },
    })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toMatch(/^app_metadata: must be at most \d+ bytes of JSON$/)
  })
})
