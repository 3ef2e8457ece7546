import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'
import { authClient, authRequest, DEMO_PASSWORDS } from './helpers.ts'

describe.each(drivers)('rate limits (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, {
      seed: true,
      env: {
        AUTH_RATE_LIMIT_SIGN_IN: '3',
        AUTH_RATE_LIMIT_EMAIL: '2',
        AUTH_RATE_LIMIT_VERIFY: '2',
        AUTH_RATE_LIMIT_TOKEN_REFRESH: '2',
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
        // The per-recipient cooldown has its own story (test/attack/mail-bombing.test.ts).
        AUTH_SMTP_MAX_FREQUENCY_SECONDS: '0',
      },
    })
  })
  afterAll(() => gw.close())

  it('stops password guessing after the sign-in limit, even with the right password', async () => {
    const client = authClient(gw)
    for (let i = 0; i < 3; i++) {
      const { error } = await client.auth.signInWithPassword({
        email: DEMO.tenantA.email,
        password: `guess ${i} of many`,
      })
      expect(error?.code).toBe('invalid_credentials')
    }
    const { error } = await client.auth.signInWithPassword({
      email: DEMO.tenantA.email,
      password: DEMO_PASSWORDS.tenantA,
    })
    expect(error?.status).toBe(429)
    expect(error?.code).toBe('over_request_rate_limit')
    expect(error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/)
  })

  it('limits mails per address and verification attempts', async () => {
    const client = authClient(gw)
    expect((await client.auth.resetPasswordForEmail(DEMO.admin.email)).error).toBeNull()
    expect((await client.auth.resetPasswordForEmail(DEMO.admin.email)).error).toBeNull()
    const third = await client.auth.resetPasswordForEmail(DEMO.admin.email)
    expect(third.error?.code).toBe('over_request_rate_limit')
    const res = await authRequest(gw, '/otp', { body: { email: DEMO.admin.email } })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)

    for (let i = 0; i < 2; i++) {
      const { error } = await client.auth.verifyOtp({
        email: DEMO.admin.email,
        token: '000000',
        type: 'email',
      })
      expect(error?.code).toBe('otp_expired')
    }
    const blocked = await client.auth.verifyOtp({ email: DEMO.admin.email, token: '000000', type: 'email' })
    expect(blocked.error?.code).toBe('over_request_rate_limit')
  })

  it('limits refresh-token grants per client', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await authRequest(gw, '/token?grant_type=refresh_token', {
        body: { refresh_token: `nope-${i}` },
      })
      expect(res.status).toBe(400)
    }
    const res = await authRequest(gw, '/token?grant_type=refresh_token', { body: { refresh_token: 'nope' } })
    expect(res.status).toBe(429)
  })
})

describe.each(drivers)('rate limit on two-factor codes (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: { AUTH_RATE_LIMIT_VERIFY: '2' } })
  })
  afterAll(() => gw.close())

  it('stops guessing TOTP codes after the verify limit', async () => {
    const client = authClient(gw)
    await client.auth.signInWithPassword({ email: DEMO.admin.email, password: DEMO_PASSWORDS.admin })
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp' })
    const challenge = await client.auth.mfa.challenge({ factorId: factor!.id })
    const attempt = () =>
      client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge.data!.id, code: '12345x' })
    expect((await attempt()).error?.code).toBe('mfa_verification_failed')
    expect((await attempt()).error?.code).toBe('mfa_verification_failed')
    const blocked = await attempt()
    expect(blocked.error?.code).toBe('over_request_rate_limit')
    expect(blocked.error?.status).toBe(429)
  })
})

describe.each(drivers)('features that are switched off, settings and health (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver)
  })
  afterAll(() => gw.close())

  it('refuses the grants it does not offer with GoTrue errors', async () => {
    const cases: [string, unknown, number, Record<string, unknown>][] = [
      [
        'pkce',
        { auth_code: 'x', code_verifier: 'y' },
        404,
        { code: 'flow_state_not_found', message: 'invalid flow state, no valid flow state found' },
      ],
      [
        'id_token',
        { provider: 'google', id_token: 'x' },
        400,
        { code: 'provider_disabled', message: 'Provider (issuer "google") is not enabled' },
      ],
      [
        'web3',
        { chain: 'ethereum', message: 'm', signature: 's' },
        422,
        { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
      ],
      ['client_credentials', {}, 400, { code: 'invalid_credentials', message: 'unsupported_grant_type' }],
    ]
    for (const [grant, body, status, expected] of cases) {
      const res = await authRequest(gw, `/token?grant_type=${grant}`, { body })
      expect(res.status, grant).toBe(status)
      expect(await res.json(), grant).toMatchObject(expected)
    }
    const client = authClient(gw)
    const sso = await client.auth.signInWithSSO({ domain: 'example.com' })
    expect(sso.error?.code).toBe('saml_provider_disabled')
    const idToken = await client.auth.signInWithIdToken({ provider: 'google', token: 'x' })
    expect(idToken.error?.code).toBe('provider_disabled')
    const phone = await client.auth.signInWithPassword({ phone: '+27820000000', password: 'whatever it is' })
    expect(phone.error?.code).toBe('phone_provider_disabled')
    const otpPhone = await client.auth.signInWithOtp({ phone: '+27820000000' })
    expect(otpPhone.error?.code).toBe('phone_provider_disabled')
    const authorize = await gw.app.request('/auth/v1/authorize?provider=github')
    expect(authorize.status).toBe(400)
    expect(await authorize.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    })
  })

  it('describes itself', async () => {
    const settings = await authRequest(gw, '/settings')
    expect(await settings.json()).toMatchObject({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    })
    expect(await (await authRequest(gw, '/health')).json()).toMatchObject({ name: 'GoTrue' })
    const jwks = await gw.app.request('/auth/v1/.well-known/jwks.json')
    expect(await jwks.json()).toEqual({ keys: [] })
    const unknown = await authRequest(gw, '/nowhere')
    expect(unknown.status).toBe(404)
  })
})
