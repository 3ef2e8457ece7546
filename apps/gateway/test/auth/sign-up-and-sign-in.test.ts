import { AuthWeakPasswordError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'
import { auditActions, authClient, countMails, DEMO_PASSWORDS, fragmentOf, readMail } from './helpers.ts'

describe.each(drivers)('sign-up and sign-in (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_EMAIL: '1000' },
    })
  })
  afterAll(() => gw.close())

  it('lets the demo accounts of the seed sign in with their README passwords', async () => {
    for (const [who, password] of Object.entries(DEMO_PASSWORDS) as [keyof typeof DEMO_PASSWORDS, string][]) {
      const client = authClient(gw)
      const { data, error } = await client.auth.signInWithPassword({ email: DEMO[who].email, password })
      expect(error).toBeNull()
      expect(data.session?.access_token).toBeTruthy()
      expect(data.user?.app_metadata.role).toBe(DEMO[who].role)
      expect(data.user?.user_metadata.role).toBe(DEMO[who].role)
    }
  })

  it('issues an access token with the protocol claims and a session the client accepts', async () => {
    const client = authClient(gw)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const { data } = await client.auth.signInWithPassword({
      email: '  Admin@Genesis-Centre.TEST ',
      password: DEMO_PASSWORDS.admin,
    })
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(22)
    const [header, payload] = session.access_token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()))
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' })
    expect(payload).toMatchObject({
      iss: 'http://gateway.test/auth/v1',
      sub: DEMO.admin.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: DEMO.admin.email,
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', role: 'admin' },
    })
    expect(payload.exp - payload.iat).toBe(3600)
    expect(payload.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])
    expect(payload.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(events).toContain('SIGNED_IN')
    // The refresh token is stored only as a hash.
    const { rows } = await gw.db.query(`select 1 from auth.refresh_tokens where token = $1`, [
      session.refresh_token,
    ])
    expect(rows).toHaveLength(0)
    const { data: user } = await client.auth.getUser()
    expect(user.user?.id).toBe(DEMO.admin.id)
    expect(await auditActions(gw.db, DEMO.admin.id)).toContain('login')
  })

  it('answers a wrong password and an unknown address with the same error', async () => {
    const client = authClient(gw)
    const wrong = await client.auth.signInWithPassword({
      email: DEMO.tenantA.email,
      password: 'not the password',
    })
    const unknown = await client.auth.signInWithPassword({
      email: 'nobody@example.com',
      password: 'not the password',
    })
    for (const { error } of [wrong, unknown]) {
      expect(error?.name).toBe('AuthApiError')
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('signs up with a confirmation mail; the link signs the user in and the password then works', async () => {
    const client = authClient(gw)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const email = 'new.shopper@example.com'
    const { data, error } = await client.auth.signUp({
      email: 'New.Shopper@Example.com',
      password: 'a long enough passphrase',
      options: {
        data: { full_name: 'New Shopper', role: 'admin' },
        emailRedirectTo: 'http://gateway.test/welcome',
      },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    expect(data.user?.confirmation_sent_at).toBeTruthy()
    expect(data.user?.identities).toHaveLength(1)
    // A user can never give themselves a role.
    expect(data.user?.user_metadata).toEqual({ full_name: 'New Shopper' })
    expect(events).not.toContain('SIGNED_IN')

    const before = await client.auth.signInWithPassword({ email, password: 'a long enough passphrase' })
    expect(before.error?.code).toBe('email_not_confirmed')

    const mail = await readMail(gw.db, email, { category: 'auth-signup' })
    expect(mail.link).toContain('type=signup')
    const response = await gw.app.request(mail.link!)
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    expect(location.startsWith('http://gateway.test/welcome#')).toBe(true)
    const fragment = fragmentOf(location)
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    const { data: set } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    })
    expect(set.user?.email_confirmed_at).toBeTruthy()
    expect(events).toContain('SIGNED_IN')

    // The link works once.
    const again = await gw.app.request(mail.link!)
    expect(fragmentOf(again.headers.get('location')!).get('error_code')).toBe('otp_expired')

    const after = await authClient(gw).auth.signInWithPassword({
      email,
      password: 'a long enough passphrase',
    })
    expect(after.error).toBeNull()
    const actions = await auditActions(gw.db, data.user!.id)
    expect(actions).toEqual(expect.arrayContaining(['user_signedup', 'login']))
  })

  it('answers a repeated sign-up like a new one, with a decoy user and no mail', async () => {
    const client = authClient(gw)
    const mailsBefore = await countMails(gw, DEMO.tenantB.email)
    const { data, error } = await client.auth.signUp({
      email: DEMO.tenantB.email,
      password: 'another long passphrase',
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.id).not.toBe(DEMO.tenantB.id)
    expect(data.user?.identities).toEqual([])
    expect(await countMails(gw, DEMO.tenantB.email)).toBe(mailsBefore)
    // And the real password is unchanged.
    const { error: signIn } = await authClient(gw).auth.signInWithPassword({
      email: DEMO.tenantB.email,
      password: DEMO_PASSWORDS.tenantB,
    })
    expect(signIn).toBeNull()
  })

  it('refuses short and common passwords with weak_password reasons and creates nothing', async () => {
    const client = authClient(gw)
    const short = await client.auth.signUp({ email: 'short@example.com', password: 'abc12' })
    expect(short.error).toBeInstanceOf(AuthWeakPasswordError)
    expect(short.error?.status).toBe(422)
    expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length'])
    expect(short.error?.message).toBe('Password should be at least 8 characters.')

    const common = await client.auth.signUp({ email: 'common@example.com', password: 'Password1' })
    expect((common.error as AuthWeakPasswordError).reasons).toEqual(['pwned'])

    const both = await client.auth.signUp({ email: 'both@example.com', password: 'qwerty' })
    expect((both.error as AuthWeakPasswordError).reasons).toEqual(['length', 'pwned'])

    const { rows } = await gw.db.query(
      `select 1 from auth.users where email in ('short@example.com','common@example.com','both@example.com')`,
    )
    expect(rows).toHaveLength(0)
  })

  it('accepts passwords of 72 bytes without composition rules and refuses longer ones', async () => {
    const client = authClient(gw)
    const ok = await client.auth.signUp({ email: 'long@example.com', password: 'x'.repeat(72) })
    expect(ok.error).toBeNull()
    const tooLong = await client.auth.signUp({ email: 'toolong@example.com', password: 'x'.repeat(73) })
    expect(tooLong.error?.code).toBe('validation_failed')
    expect(tooLong.error?.status).toBe(422)
  })

  it('rejects malformed input with clear errors', async () => {
    const res = await gw.app.request('/auth/v1/signup', {
      method: 'POST',
      headers: {
        apikey: gw.keys.anonKey,
        'content-type': 'application/json',
        'x-supabase-api-version': '2024-01-01',
      },
      body: '{"email":',
    })
    expect(res.status).toBe(400)
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(res.headers.get('x-sb-error-code')).toBe('bad_json')
    expect(await res.json()).toEqual({
      code: 'bad_json',
      error_code: 'bad_json',
      message: expect.any(String),
    })

    const client = authClient(gw)
    const badEmail = await client.auth.signUp({
      email: 'not-an-address',
      password: 'a long enough passphrase',
    })
    expect(badEmail.error?.code).toBe('validation_failed')
    const noPassword = await client.auth.signUp({ email: 'nopass@example.com', password: '' })
    expect(noPassword.error?.message).toBe('Signup requires a valid password')
    const phone = await client.auth.signUp({ phone: '+27820000000', password: 'a long enough passphrase' })
    expect(phone.error?.code).toBe('phone_provider_disabled')
  })

  it('refuses anonymous sign-in while AUTH_ANONYMOUS_SIGNINS is off', async () => {
    const { error } = await authClient(gw).auth.signInAnonymously()
    expect(error?.code).toBe('anonymous_provider_disabled')
    expect(error?.status).toBe(422)
  })

  it('needs a project key on every route but the e-mail link', async () => {
    const missing = await gw.app.request('/auth/v1/settings')
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ message: 'No API key found in request' })
    const wrong = await gw.app.request('/auth/v1/settings', { headers: { apikey: 'nope' } })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ message: 'Invalid authentication credentials' })
    const link = await gw.app.request('/auth/v1/verify?token=abc&type=signup')
    expect(link.status).toBe(303)
    expect(fragmentOf(link.headers.get('location')!).get('error_description')).toBe(
      'Email link is invalid or has expired',
    )
  })
})

describe.each(drivers)('sign-up with auto-confirm and anonymous sign-ins (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: { AUTH_AUTOCONFIRM: 'true', AUTH_ANONYMOUS_SIGNINS: 'true' },
    })
  })
  afterAll(() => gw.close())

  it('signs the new user in at once, and refuses the same address again', async () => {
    const client = authClient(gw)
    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const { data, error } = await client.auth.signUp({
      email: 'instant@example.com',
      password: 'a long enough passphrase',
    })
    expect(error).toBeNull()
    expect(data.session?.access_token).toBeTruthy()
    expect(events).toContain('SIGNED_IN')
    const again = await authClient(gw).auth.signUp({
      email: 'instant@example.com',
      password: 'a long enough passphrase',
    })
    expect(again.error?.code).toBe('user_already_exists')
    expect(again.error?.status).toBe(422)
  })

  it('signs in anonymously with an anonymous token', async () => {
    const { data, error } = await authClient(gw).auth.signInAnonymously({
      options: { data: { role: 'admin', nick: 'x' } },
    })
    expect(error).toBeNull()
    expect(data.user?.is_anonymous).toBe(true)
    expect(data.user?.user_metadata).toEqual({ nick: 'x' })
    const payload = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString())
    expect(payload.is_anonymous).toBe(true)
    expect(payload.amr[0].method).toBe('anonymous')
  })

  it('answers reauthenticate for a user with no address, and one not confirmed, as GoTrue does', async () => {
    const anonymous = authClient(gw)
    expect((await anonymous.auth.signInAnonymously()).error).toBeNull()
    const noAddress = await anonymous.auth.reauthenticate()
    expect(noAddress.error?.status).toBe(400)
    expect(noAddress.error?.code).toBe('validation_failed')
    expect(noAddress.error?.message).toBe(
      'Reauthentication requires the user to have an email or a phone number',
    )

    const service = gw.client({ key: gw.keys.serviceRoleKey })
    const created = await service.auth.admin.createUser({
      email: 'unconfirmed@example.com',
      password: 'a long enough passphrase',
      email_confirm: false,
    })
    expect(created.error).toBeNull()
    const user = created.data.user!
    const claims = {
      ...userClaims({ id: user.id, email: user.email!, role: 'tenant' }),
      session_id: undefined,
    }
    const unconfirmed = authClient(gw)
    const set = await unconfirmed.auth.setSession({
      access_token: await signToken(claims, gw.keys.jwtSecret),
      refresh_token: 'unused',
    })
    expect(set.error).toBeNull()
    const notConfirmed = await unconfirmed.auth.reauthenticate()
    expect(notConfirmed.error?.status).toBe(422)
    expect(notConfirmed.error?.code).toBe('email_not_confirmed')
    expect(notConfirmed.error?.message).toBe('Please verify your email first.')
    expect(await countMails(gw, 'unconfirmed@example.com')).toBe(0)
  })
})

describe.each(drivers)('sign-up switched off (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { env: { AUTH_DISABLE_SIGNUP: 'true' } })
  })
  afterAll(() => gw.close())

  it('still mails links on a fresh install without centre settings, signed with the site host', async () => {
    const { error } = await authClient(gw).auth.admin.inviteUserByEmail('first.admin@example.com')
    expect(error?.code).toBe('not_admin')
    const admin = authClient(gw, { key: gw.keys.serviceRoleKey })
    expect((await admin.auth.admin.inviteUserByEmail('first.admin@example.com')).error).toBeNull()
    const mail = await readMail(gw.db, 'first.admin@example.com', { category: 'auth-invite' })
    expect(mail.subject).toBe('You have been invited to gateway.test')
    expect(mail.link).toContain('type=invite')
  })

  it('answers signup_disabled', async () => {
    const { error } = await authClient(gw).auth.signUp({
      email: 'late@example.com',
      password: 'a long enough passphrase',
    })
    expect(error?.code).toBe('signup_disabled')
    expect(error?.status).toBe(422)
  })
})
