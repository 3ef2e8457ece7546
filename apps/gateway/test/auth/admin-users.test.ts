import { hash } from '@node-rs/bcrypt'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'
import {
  auditActions,
  authClient,
  authRequest,
  DEMO_PASSWORDS,
  fragmentOf,
  readMail,
  serviceClient,
} from './helpers.ts'

describe.each(drivers)('user administration (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_VERIFY: '1000' },
    })
  })
  afterAll(() => gw.close())

  it('refuses admin routes to anyone but the service role', async () => {
    const signedIn = authClient(gw)
    const { data } = await signedIn.auth.signInWithPassword({
      email: DEMO.admin.email,
      password: DEMO_PASSWORDS.admin,
    })
    const adminUserToken = data.session!.access_token
    const routes: [string, string, unknown?][] = [
      ['GET', '/admin/users'],
      ['GET', `/admin/users/${DEMO.tenantA.id}`],
      ['POST', '/admin/users', { email: 'x@example.com' }],
      ['PUT', `/admin/users/${DEMO.tenantA.id}`, { app_metadata: { role: 'admin' } }],
      ['DELETE', `/admin/users/${DEMO.tenantA.id}`],
      ['POST', '/admin/generate_link', { type: 'recovery', email: DEMO.tenantA.email }],
      ['POST', '/invite', { email: 'x@example.com' }],
    ]
    for (const [method, path, body] of routes) {
      for (const bearer of [gw.keys.anonKey, adminUserToken]) {
        const res = await authRequest(gw, path, { method, body, bearer })
        expect(res.status, `${method} ${path}`).toBe(403)
        expect((await res.json()).code).toBe('not_admin')
      }
    }
    // Nothing changed.
    const { rows } = await gw.db.query<{ role: string }>(
      `select raw_app_meta_data->>'role' as role from auth.users where id = $1`,
      [DEMO.tenantA.id],
    )
    expect(rows[0].role).toBe('tenant')
    const { error } = await authClient(gw).auth.admin.listUsers()
    expect(error?.code).toBe('not_admin')
  })

  it('lists users with paging headers the client understands', async () => {
    const admin = serviceClient(gw)
    const all = await admin.auth.admin.listUsers()
    expect(all.error).toBeNull()
    const total = all.data.users.length
    expect(total).toBeGreaterThanOrEqual(3)
    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 2 })
    expect(page.data.users).toHaveLength(2)
    expect(page.data).toMatchObject({ nextPage: 2, lastPage: Math.ceil(total / 2), total })
    const res = await authRequest(gw, '/admin/users?page=2&per_page=1', { bearer: gw.keys.serviceRoleKey })
    expect(res.headers.get('x-total-count')).toBe(String(total))
    expect(res.headers.get('link')).toBe(
      `</admin/users?page=3&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`,
    )
    const bad = await authRequest(gw, '/admin/users?page=0&per_page=', { bearer: gw.keys.serviceRoleKey })
    expect(bad.status).toBe(400)
  })

  it('creates, reads, updates with merge and null removal, and deletes a user', async () => {
    const admin = serviceClient(gw)
    const created = await admin.auth.admin.createUser({
      email: 'New.Tenant@Example.com',
      password: 'a long enough passphrase',
      email_confirm: true,
      app_metadata: { role: 'tenant', plan: 'basic' },
      user_metadata: { full_name: 'New Tenant', shop: 'G12' },
    })
    expect(created.error).toBeNull()
    const user = created.data.user!
    expect(user.email).toBe('new.tenant@example.com')
    expect(user.email_confirmed_at).toBeTruthy()
    expect(user.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'tenant',
      plan: 'basic',
    })
    expect(user.user_metadata).toEqual({ full_name: 'New Tenant', shop: 'G12', role: 'tenant' })
    const signIn = await authClient(gw).auth.signInWithPassword({
      email: 'new.tenant@example.com',
      password: 'a long enough passphrase',
    })
    expect(signIn.error).toBeNull()

    const duplicate = await admin.auth.admin.createUser({
      email: 'new.tenant@example.com',
      password: 'a long enough passphrase',
    })
    expect(duplicate.error?.code).toBe('email_exists')
    const weak = await admin.auth.admin.createUser({ email: 'weak@example.com', password: 'password' })
    expect(weak.error?.code).toBe('weak_password')
    const neither = await admin.auth.admin.createUser({})
    expect(neither.error?.status).toBe(400)

    const got = await admin.auth.admin.getUserById(user.id)
    expect(got.data.user?.email).toBe('new.tenant@example.com')
    const updated = await admin.auth.admin.updateUserById(user.id, {
      app_metadata: { role: 'admin', plan: null },
      user_metadata: { shop: null },
    })
    expect(updated.error).toBeNull()
    expect(updated.data.user?.app_metadata).toEqual({
      provider: 'email',
      providers: ['email'],
      role: 'admin',
    })
    expect(updated.data.user?.user_metadata).toEqual({ full_name: 'New Tenant', role: 'admin' })
    // The next token carries the new role.
    const next = await authClient(gw).auth.signInWithPassword({
      email: 'new.tenant@example.com',
      password: 'a long enough passphrase',
    })
    const claims = JSON.parse(
      Buffer.from(next.data.session!.access_token.split('.')[1], 'base64url').toString(),
    )
    expect(claims.app_metadata.role).toBe('admin')

    const badBan = await admin.auth.admin.updateUserById(user.id, { ban_duration: 'forever' })
    expect(badBan.error?.code).toBe('validation_failed')

    const deleted = await admin.auth.admin.deleteUser(user.id)
    expect(deleted.error).toBeNull()
    expect((await admin.auth.admin.getUserById(user.id)).error?.code).toBe('user_not_found')
    expect((await admin.auth.admin.deleteUser(user.id)).error?.status).toBe(404)
    expect(await auditActions(gw.db, user.id)).toEqual(
      expect.arrayContaining(['user_signedup', 'admin_user_updated', 'user_deleted']),
    )
  })

  it('imports a bcrypt hash, and tells a user whose password no longer meets the policy', async () => {
    const admin = serviceClient(gw)
    const imported = await admin.auth.admin.createUser({
      email: 'imported@example.com',
      password_hash: await hash('sunshine', 10),
      email_confirm: true,
    })
    expect(imported.error).toBeNull()
    const { data, error } = await authClient(gw).auth.signInWithPassword({
      email: 'imported@example.com',
      password: 'sunshine',
    })
    expect(error).toBeNull()
    expect(data.weakPassword).toEqual({
      reasons: ['pwned'],
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
    })
    const notBcrypt = await admin.auth.admin.createUser({
      email: 'md5@example.com',
      password_hash: '5f4dcc3b5aa765d61d8327deb882cf99',
    })
    expect(notBcrypt.error?.code).toBe('validation_failed')
  })

  it('answers unknown and malformed ids', async () => {
    const admin = serviceClient(gw)
    const unknown = await authRequest(gw, '/admin/users/00000000-0000-4000-8000-00000000beef', {
      bearer: gw.keys.serviceRoleKey,
    })
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).code).toBe('user_not_found')
    const malformed = await authRequest(gw, '/admin/users/not-a-uuid', { bearer: gw.keys.serviceRoleKey })
    expect(malformed.status).toBe(404)
    expect((await malformed.json()).code).toBe('validation_failed')
    const update = await admin.auth.admin.updateUserById('00000000-0000-4000-8000-00000000beef', {
      user_metadata: { a: 1 },
    })
    expect(update.error?.code).toBe('user_not_found')
  })

  it('invites a user who accepts through the link and sets a password', async () => {
    const admin = serviceClient(gw)
    const invited = await admin.auth.admin.inviteUserByEmail('Manager@Example.com', {
      data: { full_name: 'Shop Manager' },
    })
    expect(invited.error).toBeNull()
    expect(invited.data.user?.invited_at).toBeTruthy()
    expect(invited.data.user?.email_confirmed_at).toBeUndefined()
    const mail = await readMail(gw.db, 'manager@example.com', { category: 'auth-invite' })
    const res = await gw.app.request(mail.link!)
    const fragment = fragmentOf(res.headers.get('location')!)
    expect(fragment.get('type')).toBe('invite')
    const client = authClient(gw)
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect((await client.auth.updateUser({ password: 'the manager passphrase' })).error).toBeNull()
    const signIn = await authClient(gw).auth.signInWithPassword({
      email: 'manager@example.com',
      password: 'the manager passphrase',
    })
    expect(signIn.error).toBeNull()
    const again = await admin.auth.admin.inviteUserByEmail('manager@example.com')
    expect(again.error?.code).toBe('email_exists')
  })

  it('generates links without sending mail', async () => {
    const admin = serviceClient(gw)
    const before = await gw.db.query<{ n: number }>(`select count(*)::int as n from private.mail_outbox`)
    const link = await admin.auth.admin.generateLink({ type: 'recovery', email: DEMO.tenantA.email })
    expect(link.error).toBeNull()
    expect(link.data.properties?.verification_type).toBe('recovery')
    expect(link.data.properties?.email_otp).toMatch(/^\d{6}$/)
    expect(link.data.properties?.action_link).toContain('/auth/v1/verify?token=')
    expect(link.data.user?.id).toBe(DEMO.tenantA.id)
    const verified = await authClient(gw).auth.verifyOtp({
      token_hash: link.data.properties!.hashed_token,
      type: 'recovery',
    })
    expect(verified.error).toBeNull()

    const signup = await admin.auth.admin.generateLink({
      type: 'signup',
      email: 'linked@example.com',
      password: 'a long enough passphrase',
    })
    expect(signup.error).toBeNull()
    const confirmed = await authClient(gw).auth.verifyOtp({
      email: 'linked@example.com',
      token: signup.data.properties!.email_otp,
      type: 'signup',
    })
    expect(confirmed.error).toBeNull()

    const unknown = await admin.auth.admin.generateLink({ type: 'recovery', email: 'nobody@example.com' })
    expect(unknown.error?.code).toBe('user_not_found')
    const after = await gw.db.query<{ n: number }>(`select count(*)::int as n from private.mail_outbox`)
    expect(after.rows[0].n).toBe(before.rows[0].n)
  })
})
