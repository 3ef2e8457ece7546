import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authRequest, DEMO_PASSWORDS, refresh } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

/**
 * The attack suite's token half: every forged, altered or misused token is refused by every
 * service — REST, storage, auth and functions — and never quietly downgraded to a visitor (which
 * would still answer 200 with the public rows). Plus refresh-token reuse and revocation.
 */
const now = () => Math.floor(Date.now() / 1000)
const secret = new TextEncoder().encode(TEST_JWT_SECRET)
const adminClaims = () => userClaims(DEMO.admin, { aal: 'aal2' })

/** Every way to present a token the gateway did not issue for this purpose. */
const FORGERIES: [string, (gw: TestGateway) => Promise<string>][] = [
  ['alg none', async () => new UnsecuredJWT(adminClaims()).encode()],
  ['alg none with a signature left on', async () => `${new UnsecuredJWT(adminClaims()).encode()}c2ln`],
  ['another secret', () => signToken(adminClaims(), 'not-the-secret-not-the-secret-not-the-secret')],
  [
    'HS512 with the right secret (algorithm confusion)',
    () => new SignJWT(adminClaims()).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret),
  ],
  ['the anon key as the HMAC secret (key confusion)', (gw) => signToken(adminClaims(), gw.keys.anonKey)],
  [
    'a real token with its payload swapped',
    async () => {
      const real = await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET)
      const [header, , signature] = real.split('.')
      const payload = Buffer.from(JSON.stringify(adminClaims())).toString('base64url')
      return `${header}.${payload}.${signature}`
    },
  ],
  ['another audience', () => signToken({ ...adminClaims(), aud: 'another-project' }, TEST_JWT_SECRET)],
  ['expired', () => signToken({ ...adminClaims(), exp: now() - 120 }, TEST_JWT_SECRET)],
  ['issued in the future', () => signToken({ ...adminClaims(), iat: now() + 3600 }, TEST_JWT_SECRET)],
  [
    'a database role of our own choosing',
    () => signToken({ role: 'postgres', exp: now() + 60 }, TEST_JWT_SECRET),
  ],
  ['garbage', async () => 'not.a.jwt'],
]

describe.each(drivers)('forged tokens (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: {
        AUTH_RATE_LIMIT_SIGN_IN: '1000',
        AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000',
        AUTH_REFRESH_REUSE_INTERVAL: '0',
      },
    })
  })
  afterAll(() => gw.close())

  const asBearer = (token: string, path: string, init: RequestInit = {}) =>
    gw.app.request(path, {
      ...init,
      headers: { apikey: gw.keys.anonKey, authorization: `Bearer ${token}`, ...init.headers },
    })

  it.each(FORGERIES)('refuses %s on REST, storage, auth and functions alike', async (what, forge) => {
    const token = await forge(gw)
    const answers = {
      rest: await asBearer(token, '/rest/v1/shops?select=id&limit=1'),
      restPrivate: await asBearer(token, '/rest/v1/tenants?select=id'),
      storage: await asBearer(token, '/storage/v1/object/list/statements', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: '' }),
      }),
      storageRead: await asBearer(
        token,
        `/storage/v1/object/authenticated/statements/${DEMO.tenantA.tenantId}/x.pdf`,
      ),
      auth: await asBearer(token, '/auth/v1/user'),
      functions: await asBearer(token, '/functions/v1/send-enquiry-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }),
    }
    for (const [service, res] of Object.entries(answers)) {
      // Refused outright: never a 200 as a visitor, never a 500.
      expect([400, 401, 403], service).toContain(res.status)
    }
    expect((await answers.rest.json()).code).toMatch(/^PGRST30[13]$/)
    expect(answers.restPrivate.status).toBe(401)
    expect(answers.auth.status).toBe(403)
    // The function's own answer to an empty body would be a 400: the token was refused first.
    // (A token really signed with our secret for a database role passes the functions' signature
    // check, as Supabase's does; the function then acts as the service role, never as that role.)
    if (!what.startsWith('a database role')) expect(answers.functions.status).toBe(401)
    expect(await answers.storage.json()).toMatchObject({
      statusCode: expect.stringMatching(/^(400|401|403)$/),
    })
  })

  it('treats the anon key used as a user token as the visitor it is, never as a user', async () => {
    const anon = gw.keys.anonKey
    const user = await asBearer(anon, '/auth/v1/user')
    expect([401, 403]).toContain(user.status)
    const rows = await asBearer(anon, '/rest/v1/tenants?select=id')
    expect(rows.status).toBe(200)
    expect(await rows.json()).toEqual([])
    const factors = await asBearer(anon, '/auth/v1/factors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ factor_type: 'totp' }),
    })
    expect([401, 403]).toContain(factors.status)
  })

  it('revokes the whole session when a rotated refresh token is replayed', async () => {
    const signIn = await authRequest(gw, '/token?grant_type=password', {
      body: { email: DEMO.tenantA.email, password: DEMO_PASSWORDS.tenantA },
    })
    const first = (await signIn.json()) as { refresh_token: string }
    const rotated = await refresh(gw, first.refresh_token)
    expect(rotated.status).toBe(200)
    // The thief replays the old token: refused, and the family is revoked…
    const replay = await refresh(gw, first.refresh_token)
    expect(replay.status).toBe(400)
    expect(replay.body).toMatchObject({ code: 'refresh_token_already_used' })
    // …so the token the owner (or the thief) got by rotating no longer works either.
    const successor = await refresh(gw, rotated.body.refresh_token as string)
    expect(successor.status).toBe(400)
  })

  it('refuses a refresh token after sign-out', async () => {
    const signIn = await authRequest(gw, '/token?grant_type=password', {
      body: { email: DEMO.tenantB.email, password: DEMO_PASSWORDS.tenantB },
    })
    const session = (await signIn.json()) as { access_token: string; refresh_token: string }
    const out = await authRequest(gw, '/logout?scope=global', { body: {}, bearer: session.access_token })
    expect(out.status).toBe(204)
    const after = await refresh(gw, session.refresh_token)
    expect(after.status).toBe(400)
  })
})
