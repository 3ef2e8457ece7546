import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authRequest, DEMO_PASSWORDS } from '../auth/helpers.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

/**
 * Item 9 of issue 11: an access token ends with its session. After sign-out (any scope), a ban or
 * a password change, the tokens of the ended sessions are refused by REST and storage on the very
 * next request — not an hour later when they expire — while the sessions that remain keep working.
 */
describe.each(drivers)('access tokens end with their session (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_SECURE_PASSWORD_CHANGE: 'false' },
    })
  })
  afterAll(() => gw.close())

  async function signIn(who: 'tenantA' | 'tenantB'): Promise<string> {
    const res = await authRequest(gw, '/token?grant_type=password', {
      body: { email: DEMO[who].email, password: DEMO_PASSWORDS[who] },
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { access_token: string }).access_token
  }

  const asBearer = (token: string, path: string, init: RequestInit = {}) =>
    gw.app.request(path, {
      ...init,
      headers: { apikey: gw.keys.anonKey, authorization: `Bearer ${token}`, ...init.headers },
    })

  /** The tenant's own row over REST, and its statements folder over storage. */
  async function reach(token: string, tenantId: string) {
    const rest = await asBearer(token, '/rest/v1/tenants?select=id')
    const storage = await asBearer(token, '/storage/v1/object/list/statements', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: `${tenantId}/` }),
    })
    const restBody = (await rest.json()) as unknown
    const storageBody = (await storage.json()) as unknown
    return { rest: rest.status, restBody, restHeaders: rest.headers, storage: storage.status, storageBody }
  }

  function expectRefused(answer: Awaited<ReturnType<typeof reach>>) {
    expect(answer.rest).toBe(401)
    expect(answer.restBody).toMatchObject({
      code: 'PGRST303',
      message: 'Session from session_id claim in JWT does not exist',
    })
    expect(answer.restHeaders.get('www-authenticate')).toMatch(/invalid_token/)
    expect(answer.storage).toBe(400)
    expect(answer.storageBody).toMatchObject({ statusCode: '403' })
  }

  function expectReached(answer: Awaited<ReturnType<typeof reach>>, tenantId: string) {
    expect(answer.rest).toBe(200)
    expect(answer.restBody).toEqual([{ id: tenantId }])
    expect(answer.storage).toBe(200)
  }

  it('refuses the token of a session signed out locally, keeps the other session', async () => {
    const phone = await signIn('tenantA')
    const laptop = await signIn('tenantA')
    expectReached(await reach(phone, DEMO.tenantA.tenantId), DEMO.tenantA.tenantId)
    const out = await authRequest(gw, '/logout?scope=local', { body: {}, bearer: phone })
    expect(out.status).toBe(204)
    expectRefused(await reach(phone, DEMO.tenantA.tenantId))
    expectReached(await reach(laptop, DEMO.tenantA.tenantId), DEMO.tenantA.tenantId)
  })

  it('refuses every token of the user after a global sign-out', async () => {
    const one = await signIn('tenantA')
    const two = await signIn('tenantA')
    const out = await authRequest(gw, '/logout?scope=global', { body: {}, bearer: two })
    expect(out.status).toBe(204)
    expectRefused(await reach(one, DEMO.tenantA.tenantId))
    expectRefused(await reach(two, DEMO.tenantA.tenantId))
  })

  it('refuses a banned tenant at once, and not another tenant', async () => {
    const banned = await signIn('tenantB')
    const other = await signIn('tenantA')
    expectReached(await reach(banned, DEMO.tenantB.tenantId), DEMO.tenantB.tenantId)
    const ban = await authRequest(gw, `/admin/users/${DEMO.tenantB.id}`, {
      method: 'PUT',
      key: gw.keys.serviceRoleKey,
      body: { ban_duration: '24h' },
    })
    expect(ban.status).toBe(200)
    expectRefused(await reach(banned, DEMO.tenantB.tenantId))
    expectReached(await reach(other, DEMO.tenantA.tenantId), DEMO.tenantA.tenantId)
    const unban = await authRequest(gw, `/admin/users/${DEMO.tenantB.id}`, {
      method: 'PUT',
      key: gw.keys.serviceRoleKey,
      body: { ban_duration: 'none' },
    })
    expect(unban.status).toBe(200)
  })

  it('refuses a signed token naming a session that never existed or is not a session id', async () => {
    for (const session_id of ['11111111-2222-4333-8444-555555555555', 'not-a-session']) {
      const token = await signToken({ ...userClaims(DEMO.tenantA), session_id }, TEST_JWT_SECRET)
      expectRefused(await reach(token, DEMO.tenantA.tenantId))
    }
  })

  it('refuses the token of a session of another user', async () => {
    const other = await signIn('tenantB')
    const { session_id } = JSON.parse(Buffer.from(other.split('.')[1], 'base64url').toString()) as {
      session_id: string
    }
    const token = await signToken({ ...userClaims(DEMO.tenantA), session_id }, TEST_JWT_SECRET)
    expectRefused(await reach(token, DEMO.tenantA.tenantId))
  })

  it('refuses the token of a session past its end (not_after)', async () => {
    const token = await signIn('tenantA')
    expectReached(await reach(token, DEMO.tenantA.tenantId), DEMO.tenantA.tenantId)
    const { session_id } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
      session_id: string
    }
    await gw.db.query(`update auth.sessions set not_after = now() - interval '1 second' where id = $1`, [
      session_id,
    ])
    expectRefused(await reach(token, DEMO.tenantA.tenantId))
  })

  // Last: it changes tenant A's password.
  it('ends the other sessions when the password changes, not the one that changed it', async () => {
    const stolen = await signIn('tenantA')
    const owner = await signIn('tenantA')
    const change = await authRequest(gw, '/user', {
      method: 'PUT',
      bearer: owner,
      body: { password: 'A-brand-new-passphrase-2026!' },
    })
    expect(change.status).toBe(200)
    expectRefused(await reach(stolen, DEMO.tenantA.tenantId))
    expectReached(await reach(owner, DEMO.tenantA.tenantId), DEMO.tenantA.tenantId)
  })
})
