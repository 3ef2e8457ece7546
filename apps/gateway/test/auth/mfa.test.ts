import type { SupabaseClient } from '@supabase/supabase-js'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { DEMO } from '../support/tokens.ts'
import { auditActions, authClient, authRequest, DEMO_PASSWORDS, serviceClient } from './helpers.ts'

const LIMITS = { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_VERIFY: '1000', AUTH_MFA_MAX_FACTORS: '3' }

/** A TOTP code for `secret`, `steps` periods from now (the server accepts one step either side). */
const code = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

function claimsOf(accessToken: string) {
  return JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString())
}

describe.each(drivers)('two-factor sign-in with TOTP (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true, env: LIMITS })
  })
  afterAll(() => gw.close())

  async function signIn(who: 'admin' | 'tenantA' | 'tenantB'): Promise<SupabaseClient> {
    const client = authClient(gw)
    const { error } = await client.auth.signInWithPassword({
      email: DEMO[who].email,
      password: DEMO_PASSWORDS[who],
    })
    if (error) throw error
    return client
  }

  it('enrols, verifies and raises the session to aal2, then guards password and factor changes', async () => {
    const client = await signIn('admin')
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Office phone' })
    expect(enrolled.error).toBeNull()
    const factor = enrolled.data!
    if (factor.type !== 'totp') throw new Error('expected a totp factor')
    expect(factor.friendly_name).toBe('Office phone')
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]+=*$/)
    expect(factor.totp.uri).toBe(
      `otpauth://totp/gateway.test:admin%40genesis-centre.test?secret=${factor.totp.secret}&issuer=gateway.test`,
    )
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/)
    const before = await client.auth.mfa.listFactors()
    expect(before.data?.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']])
    expect(before.data?.totp).toEqual([])

    const events: string[] = []
    client.auth.onAuthStateChange((event) => events.push(event))
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    expect(challenge.error).toBeNull()
    expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000)
    const verified = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: await code(factor.totp.secret),
    })
    expect(verified.error).toBeNull()
    expect(events).toContain('MFA_CHALLENGE_VERIFIED')
    const claims = claimsOf(verified.data!.access_token)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((a: { method: string }) => a.method)).toEqual(['totp', 'password'])
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    expect((await client.auth.mfa.listFactors()).data?.totp.map((f) => f.id)).toEqual([factor.id])
    expect(await auditActions(gw.db, DEMO.admin.id)).toEqual(
      expect.arrayContaining(['factor_enrolled', 'factor_verified']),
    )

    // A refresh keeps the level.
    const refreshed = await client.auth.refreshSession()
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2')

    // The same code cannot be used a second time.
    const second = await client.auth.mfa.challenge({ factorId: factor.id })
    const replay = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: second.data!.id,
      code: await code(factor.totp.secret),
    })
    expect(replay.error?.code).toBe('mfa_verification_failed')

    // A new sign-in is aal1 until its own verification.
    const other = await signIn('admin')
    const otherAal = await other.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(otherAal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    const password = await other.auth.updateUser({ password: 'a password without second factor' })
    expect(password.error?.code).toBe('insufficient_aal')
    expect(password.error?.status).toBe(401)
    const unenrollAtAal1 = await other.auth.mfa.unenroll({ factorId: factor.id })
    expect(unenrollAtAal1.error?.code).toBe('insufficient_aal')
    expect(unenrollAtAal1.error?.status).toBe(422)

    const otherChallenge = await other.auth.mfa.challenge({ factorId: factor.id })
    const otherVerified = await other.auth.mfa.verify({
      factorId: factor.id,
      challengeId: otherChallenge.data!.id,
      code: await code(factor.totp.secret, 1),
    })
    expect(otherVerified.error).toBeNull()
    const unenrolled = await other.auth.mfa.unenroll({ factorId: factor.id })
    expect(unenrolled.error).toBeNull()
    expect(unenrolled.data).toEqual({ id: factor.id })
    expect((await other.auth.mfa.listFactors()).data?.all).toEqual([])
    expect(await auditActions(gw.db, DEMO.admin.id)).toContain('factor_unenrolled')
  })

  it('refuses wrong codes, expired challenges and factors of other users', async () => {
    const client = await signIn('tenantA')
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    if (factor?.type !== 'totp') throw new Error('expected a totp factor')
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
    const right = await code(factor.totp.secret)
    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: right === '000000' ? '111111' : '000000',
    })
    expect(wrong.error?.code).toBe('mfa_verification_failed')
    expect(wrong.error?.message).toBe('Invalid TOTP code entered')
    expect(wrong.error?.status).toBe(422)

    await gw.db.query(
      `update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`,
      [challenge.data!.id],
    )
    const expired = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: right,
    })
    expect(expired.error?.code).toBe('mfa_challenge_expired')

    const stranger = await signIn('tenantB')
    const theirs = await stranger.auth.mfa.challenge({ factorId: factor.id })
    expect(theirs.error?.code).toBe('mfa_factor_not_found')
    expect(theirs.error?.status).toBe(404)
    const theirUnenroll = await stranger.auth.mfa.unenroll({ factorId: factor.id })
    expect(theirUnenroll.error?.code).toBe('mfa_factor_not_found')
  })

  it('refuses duplicate names, too many factors and phone factors', async () => {
    const client = await signIn('tenantB')
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'One' })).error).toBeNull()
    const duplicate = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'One' })
    expect(duplicate.error?.code).toBe('mfa_factor_name_conflict')
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Two' })).error).toBeNull()
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Three' })).error).toBeNull()
    const tooMany = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Four' })
    expect(tooMany.error?.code).toBe('too_many_enrolled_mfa_factors')
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+27820000000' })
    expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled')
    // Unverified factors can go at aal1.
    const { data } = await client.auth.mfa.listFactors()
    for (const f of data!.all) expect((await client.auth.mfa.unenroll({ factorId: f.id })).error).toBeNull()
  })

  it("lets the service role list and remove a user's factors, and nobody else", async () => {
    const client = await signIn('tenantA')
    const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Lost phone' })
    const admin = serviceClient(gw)
    const listed = await admin.auth.admin.mfa.listFactors({ userId: DEMO.tenantA.id })
    expect(listed.error).toBeNull()
    expect(listed.data?.factors.map((f) => f.friendly_name)).toContain('Lost phone')
    const refused = await authClient(gw).auth.admin.mfa.deleteFactor({
      userId: DEMO.tenantA.id,
      id: factor!.id,
    })
    expect(refused.error?.code).toBe('not_admin')
    const removed = await admin.auth.admin.mfa.deleteFactor({ userId: DEMO.tenantA.id, id: factor!.id })
    expect(removed.error).toBeNull()
    // auth-js wraps this reply once more in { data, error }.
    expect(removed.data).toMatchObject({ data: { id: factor!.id } })
    const again = await admin.auth.admin.mfa.deleteFactor({ userId: DEMO.tenantA.id, id: factor!.id })
    expect(again.error?.code).toBe('mfa_factor_not_found')
    const after = await admin.auth.admin.mfa.listFactors({ userId: DEMO.tenantA.id })
    expect(after.data?.factors.map((f) => f.friendly_name)).not.toContain('Lost phone')
  })

  it('needs a user token for factor routes', async () => {
    const res = await authRequest(gw, '/factors', { body: { factor_type: 'totp' } })
    expect(res.status).toBe(403)
    expect((await res.json()).code).toBe('bad_jwt')
  })
})
