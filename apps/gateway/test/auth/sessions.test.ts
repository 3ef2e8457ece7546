import { AuthSessionMissingError } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asCaller } from '../../src/database/request-scope.ts'
import { verifyJwt } from '../../src/http/resolve-caller.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'
import { auditActions, authClient, authRequest, DEMO_PASSWORDS, refresh, serviceClient } from './helpers.ts'

const LIMITS = { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_TOKEN_REFRESH: '1000' }

async function signIn(gw: TestGateway, who: 'admin' | 'tenantA' | 'tenantB' = 'tenantA') {
  const client = authClient(gw)
  const { data, error } = await client.auth.signInWithPassword({
    email: DEMO[who].email,
    password: DEMO_PASSWORDS[who],
  })
  if (error) throw error
  return { client, session: data.session! }
}

describe.each(drivers)('sessions and refresh tokens (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: { ...LIMITS, JWT_EXPIRY: '30' } })
  })
  afterAll(() => gw.close())

  it('refreshes a token that is about to expire and tells the app TOKEN_REFRESHED', async () => {
    const { client, session } = await signIn(gw)
    expect(session.expires_in).toBe(30)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    // 30 s is inside the client's 90 s margin, so getSession() refreshes.
    const { data } = await client.auth.getSession()
    expect(events).toContain('TOKEN_REFRESHED')
    expect(data.session?.refresh_token).not.toBe(session.refresh_token)
    expect(data.session?.expires_at).toBeGreaterThanOrEqual(session.expires_at!)
    const { data: user } = await client.auth.getUser()
    expect(user.user?.id).toBe(DEMO.tenantA.id)
    expect(await auditActions(gw.db, DEMO.tenantA.id)).toContain('token_refreshed')
  })

  it('rotates on every use and gives racing tabs the same successor within the reuse window', async () => {
    const { session } = await signIn(gw)
    const first = await refresh(gw, session.refresh_token)
    expect(first.status).toBe(200)
    const second = await refresh(gw, session.refresh_token)
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).toBe(first.body.refresh_token)
    const next = await refresh(gw, first.body.refresh_token!)
    expect(next.status).toBe(200)
    expect(next.body.refresh_token).not.toBe(first.body.refresh_token)
    // Two generations back, still within the window: the newest token of the chain.
    const late = await refresh(gw, session.refresh_token)
    expect(late.body.refresh_token).toBe(next.body.refresh_token)
  })

  it('answers unknown and missing refresh tokens as GoTrue does', async () => {
    const unknown = await refresh(gw, 'made-up-token')
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe('refresh_token_not_found')
    const empty = await refresh(gw, '')
    expect(empty.status).toBe(400)
    expect(empty.body).toEqual({ error: 'invalid_request', error_description: 'refresh_token required' })
  })

  it('runs the issued token as that user under RLS', async () => {
    const { session } = await signIn(gw, 'tenantA')
    const verified = await verifyJwt(session.access_token, gw.keys)
    if (!verified.ok) throw new Error('token did not verify')
    const tenants = await asCaller(
      gw.db,
      { role: String(verified.claims.role), claims: verified.claims },
      (tx) => tx.query<{ id: string }>('select id from public.tenants'),
    )
    expect(tenants.rows.map((r) => r.id)).toEqual([DEMO.tenantA.tenantId])
    // An admin's password alone reaches no admin data (two-factor is required for admins); the
    // token issued after the code step reaches every tenant.
    const admin = await signIn(gw, 'admin')
    const tenantsSeenWith = async (accessToken: string) => {
      const claims = await verifyJwt(accessToken, gw.keys)
      if (!claims.ok) throw new Error('token did not verify')
      const { rows } = await asCaller(gw.db, { role: 'authenticated', claims: claims.claims }, (tx) =>
        tx.query<{ id: string }>('select id from public.tenants'),
      )
      return rows
    }
    expect(await tenantsSeenWith(admin.session.access_token)).toEqual([])
    const { data: factor } = await admin.client.auth.mfa.enroll({ factorType: 'totp' })
    if (factor?.type !== 'totp') throw new Error('expected a totp factor')
    const { data: challenge } = await admin.client.auth.mfa.challenge({ factorId: factor.id })
    const { data: raised, error } = await admin.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge!.id,
      code: await generate({ secret: factor.totp.secret }),
    })
    expect(error).toBeNull()
    expect((await tenantsSeenWith(raised!.access_token)).length).toBeGreaterThanOrEqual(2)
  })

  it('signs out the other sessions only with scope others', async () => {
    const a = await signIn(gw, 'tenantB')
    const b = await signIn(gw, 'tenantB')
    const c = await signIn(gw, 'tenantB')
    const { error } = await a.client.auth.signOut({ scope: 'others' })
    expect(error).toBeNull()
    expect((await a.client.auth.getUser()).error).toBeNull()
    for (const other of [b, c]) {
      const res = await authRequest(gw, '/user', { bearer: other.session.access_token })
      expect(res.status).toBe(403)
      expect((await res.json()).code).toBe('session_not_found')
      expect((await refresh(gw, other.session.refresh_token)).body.code).toBe('refresh_token_not_found')
    }
    expect((await refresh(gw, a.session.refresh_token)).status).toBe(200)
  })

  it('signs out this session only with scope local, and every session by default', async () => {
    const a = await signIn(gw, 'admin')
    const b = await signIn(gw, 'admin')
    const events: string[] = []
    a.client.auth.onAuthStateChange((event) => events.push(event))
    await a.client.auth.signOut({ scope: 'local' })
    expect(events).toContain('SIGNED_OUT')
    expect((await a.client.auth.getSession()).data.session).toBeNull()
    expect((await authRequest(gw, '/user', { bearer: a.session.access_token })).status).toBe(403)
    expect((await b.client.auth.getUser()).error).toBeNull()

    const c = await signIn(gw, 'admin')
    const out = await c.client.auth.signOut()
    expect(out.error).toBeNull()
    const { rows } = await gw.db.query(`select count(*)::int as n from auth.sessions where user_id = $1`, [
      DEMO.admin.id,
    ])
    expect(rows[0]).toEqual({ n: 0 })
    const gone = await b.client.auth.getUser()
    expect(gone.error).toBeInstanceOf(AuthSessionMissingError)
    expect(await auditActions(gw.db, DEMO.admin.id)).toContain('logout')
  })

  it('refuses an unknown logout scope', async () => {
    const a = await signIn(gw)
    const res = await authRequest(gw, '/logout?scope=everyone', {
      method: 'POST',
      bearer: a.session.access_token,
    })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('validation_failed')
  })

  it('refuses tampered tokens: alg none, wrong key, expired, wrong audience, the anon key', async () => {
    const { session } = await signIn(gw)
    const [, payload] = session.access_token.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    const sign = (body: Record<string, unknown>, secret = TEST_JWT_SECRET) =>
      new SignJWT(body)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(secret))
    const now = Math.floor(Date.now() / 1000)
    const tokens = {
      none,
      wrongKey: await sign(claims, 'another-secret-that-is-long-enough-0123456789'),
      expired: await sign({ ...claims, iat: now - 7200, exp: now - 3600 }),
      wrongAudience: await sign({ ...claims, aud: 'somebody-else' }),
      anonKey: gw.keys.anonKey,
      serviceKey: gw.keys.serviceRoleKey,
    }
    for (const [name, token] of Object.entries(tokens)) {
      const res = await authRequest(gw, '/user', { bearer: token })
      expect(res.status, name).toBe(403)
      expect((await res.json()).code, name).toBe('bad_jwt')
    }
    const noBearer = await gw.app.request('/auth/v1/user', { headers: { apikey: gw.keys.anonKey } })
    expect(noBearer.status).toBe(401)
    expect((await noBearer.json()).code).toBe('no_authorization')
  })
})

describe.each(drivers)('theft detection and ended accounts (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: { ...LIMITS, AUTH_REFRESH_REUSE_INTERVAL: '0' } })
  })
  afterAll(() => gw.close())

  it('revokes the whole session when a rotated refresh token is used again', async () => {
    const { client, session } = await signIn(gw)
    const rotated = await refresh(gw, session.refresh_token)
    expect(rotated.status).toBe(200)
    await new Promise((r) => setTimeout(r, 1100))
    const reuse = await refresh(gw, session.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.body.code).toBe('refresh_token_already_used')
    // The thief's successor is dead too, and so is the access token's session.
    expect((await refresh(gw, rotated.body.refresh_token!)).body.code).toBe('refresh_token_not_found')
    const user = await authRequest(gw, '/user', { bearer: rotated.body.access_token })
    expect(user.status).toBe(403)
    expect((await user.json()).code).toBe('session_not_found')
    const { error } = await client.auth.getUser()
    expect(error).toBeInstanceOf(AuthSessionMissingError)
    expect(await auditActions(gw.db, DEMO.tenantA.id)).toContain('token_revoked')
  })

  it('ends the sessions of a banned user and refuses their sign-in until the ban is lifted', async () => {
    const { session } = await signIn(gw, 'tenantB')
    const admin = serviceClient(gw)
    const banned = await admin.auth.admin.updateUserById(DEMO.tenantB.id, { ban_duration: '24h' })
    expect(banned.error).toBeNull()
    expect(banned.data.user?.banned_until).toBeTruthy()
    expect((await refresh(gw, session.refresh_token)).body.code).toBe('refresh_token_not_found')
    expect((await authRequest(gw, '/user', { bearer: session.access_token })).status).toBe(403)
    const again = await authClient(gw).auth.signInWithPassword({
      email: DEMO.tenantB.email,
      password: DEMO_PASSWORDS.tenantB,
    })
    expect(again.error?.code).toBe('user_banned')
    await admin.auth.admin.updateUserById(DEMO.tenantB.id, { ban_duration: 'none' })
    const lifted = await authClient(gw).auth.signInWithPassword({
      email: DEMO.tenantB.email,
      password: DEMO_PASSWORDS.tenantB,
    })
    expect(lifted.error).toBeNull()
  })

  it('ends the sessions of a deleted user', async () => {
    const admin = serviceClient(gw)
    const created = await admin.auth.admin.createUser({
      email: 'leaving@example.com',
      password: 'a long enough passphrase',
      email_confirm: true,
    })
    const client = authClient(gw)
    const { data } = await client.auth.signInWithPassword({
      email: 'leaving@example.com',
      password: 'a long enough passphrase',
    })
    await admin.auth.admin.deleteUser(created.data.user!.id)
    expect((await refresh(gw, data.session!.refresh_token)).body.code).toBe('refresh_token_not_found')
    const res = await authRequest(gw, '/user', { bearer: data.session!.access_token })
    expect(res.status).toBe(403)
  })
})
