import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authClient, DEMO_PASSWORDS } from '../auth/helpers.ts'
import { subscribed, waitFor, watchChanges } from '../realtime/realtime-helpers.ts'
import { drivers } from '../support/database.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Issue 11, items 1 and 2: the second factor cannot be bypassed with the password alone, neither
 * through the factor routes (GoTrue's aal2 rules) nor by skipping the code step and reading the
 * data directly (PostgreSQL's restrictive policies), over REST, storage and realtime.
 */
const LIMITS = { AUTH_RATE_LIMIT_SIGN_IN: '1000', AUTH_RATE_LIMIT_VERIFY: '1000' }

const code = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

type Who = 'admin' | 'tenantA' | 'tenantB'

async function signIn(gw: ListeningGateway, who: Who): Promise<SupabaseClient> {
  const client = authClient(gw)
  const { error } = await client.auth.signInWithPassword({
    email: DEMO[who].email,
    password: DEMO_PASSWORDS[who],
  })
  if (error) throw error
  return client
}

async function enrol(client: SupabaseClient, name: string): Promise<{ id: string; secret: string }> {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: name })
  if (error) throw error
  if (data.type !== 'totp') throw new Error('expected a totp factor')
  return { id: data.id, secret: data.totp.secret }
}

async function presentCode(client: SupabaseClient, factor: { id: string; secret: string }, steps = 0) {
  const challenge = await client.auth.mfa.challenge({ factorId: factor.id })
  if (challenge.error) throw challenge.error
  return client.auth.mfa.verify({
    factorId: factor.id,
    challengeId: challenge.data.id,
    code: await code(factor.secret, steps),
  })
}

async function accessToken(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession()
  if (!data.session) throw new Error('no session')
  return data.session.access_token
}

describe.each(drivers)('two-factor cannot be bypassed with the password alone (%s)', (driver) => {
  let gw: ListeningGateway
  let storageDir: string
  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'genesis-attack-'))
    gw = await startListeningGateway(driver, { seed: true, env: { ...LIMITS, STORAGE_DIR: storageDir } })
  })
  afterAll(async () => {
    await gw?.close()
    rmSync(storageDir, { recursive: true, force: true })
  })

  const factorsOf = async (userId: string) => {
    const { rows } = await gw.db.query<{ id: string; status: string }>(
      'select id, status from auth.mfa_factors where user_id = $1 order by created_at',
      [userId],
    )
    return rows
  }

  it('refuses to enrol, verify or remove a factor for a password-only session once one is verified', async () => {
    const owner = await signIn(gw, 'tenantA')
    const real = await enrol(owner, 'Real phone')
    expect((await presentCode(owner, real)).error).toBeNull()
    // At aal2 the owner may add a second factor; it stays unverified for now.
    const spare = await enrol(owner, 'Spare phone')

    const attacker = await signIn(gw, 'tenantA')
    const enrolled = await attacker.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Attacker phone' })
    expect(enrolled.error?.code).toBe('insufficient_aal')
    expect(enrolled.error?.status).toBe(403)

    // Even with the code of a factor the attacker holds the secret of, no aal2 and no verification.
    const verified = await presentCode(attacker, spare)
    expect(verified.error?.code).toBe('insufficient_aal')
    expect(verified.error?.status).toBe(403)
    expect((await attacker.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1')

    const removed = await attacker.auth.mfa.unenroll({ factorId: real.id })
    expect(removed.error?.code).toBe('insufficient_aal')
    expect(removed.error?.status).toBe(422)

    expect(await factorsOf(DEMO.tenantA.id)).toEqual([
      { id: real.id, status: 'verified' },
      { id: spare.id, status: 'unverified' },
    ])

    // The owner's own code step still works from a fresh sign-in, and then factors may change.
    const again = await signIn(gw, 'tenantA')
    expect((await presentCode(again, real, 1)).error).toBeNull()
    expect((await again.auth.mfa.unenroll({ factorId: spare.id })).error).toBeNull()
    expect((await again.auth.mfa.unenroll({ factorId: real.id })).error).toBeNull()
    expect(await factorsOf(DEMO.tenantA.id)).toEqual([])
  })

  it('treats a session whose factor was removed elsewhere as aal1, although its token still says aal2', async () => {
    const first = await signIn(gw, 'tenantB')
    const phone = await enrol(first, 'Phone')
    expect((await presentCode(first, phone)).error).toBeNull()
    const tablet = await enrol(first, 'Tablet')
    expect((await presentCode(first, tablet)).error).toBeNull()

    const second = await signIn(gw, 'tenantB')
    expect((await presentCode(second, phone, 1)).error).toBeNull()
    // From the first session (raised by the tablet), the phone goes: the second session drops to aal1.
    expect((await first.auth.mfa.unenroll({ factorId: phone.id })).error).toBeNull()
    const stale = await second.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Another' })
    expect(stale.error?.code).toBe('insufficient_aal')
    expect((await first.auth.mfa.unenroll({ factorId: tablet.id })).error).toBeNull()
  })

  it('shows an admin without the code step only what a visitor sees, over REST, storage and realtime', async () => {
    const service = gw.client({ key: gw.keys.serviceRoleKey })
    const statement = `${DEMO.tenantA.tenantId}/2026-10.pdf`
    expect(
      (
        await service.storage
          .from('statements')
          .upload(statement, new Blob(['%PDF-1.7\n%%EOF\n'], { type: 'application/pdf' }), { upsert: true })
      ).error,
    ).toBeNull()

    // The demo admin has no factor yet and two-factor is required for admins (the default).
    const admin = await signIn(gw, 'admin')
    expect((await admin.from('enquiries').select('id')).data).toEqual([])
    expect((await admin.from('tenants').select('id')).data).toEqual([])
    const visitorShops = (await gw.client().from('shops').select('id')).data
    expect((await admin.from('shops').select('id')).data).toHaveLength(visitorShops?.length ?? -1)
    const write = await admin.from('vacant_shops').insert({ unit_number: 'Z9', size_m2: 10 })
    expect(write.error?.code).toBe('42501')
    expect(write.status).toBe(403)
    expect((await admin.storage.from('statements').download(statement)).error).not.toBeNull()
    expect((await admin.storage.from('statements').list(DEMO.tenantA.tenantId)).data).toEqual([])

    // Realtime: the same enquiry reaches the admin who presented the code, never the one who did not.
    const withoutCode = await gw.socketClient({ accessToken: await accessToken(admin) })
    const blind = watchChanges(withoutCode, 'enquiries-aal1', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    await subscribed(blind.channel)

    // Enrolling the first factor needs no code; presenting it raises the session to aal2.
    const factor = await enrol(admin, 'Office phone')
    expect((await presentCode(admin, factor)).error).toBeNull()
    const withCode = await gw.socketClient({ accessToken: await accessToken(admin) })
    const seeing = watchChanges(withCode, 'enquiries-aal2', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    await subscribed(seeing.channel)

    await gw.db.query(
      `insert into public.enquiries (kind, name, email, message) values ('contact', 'Thandi', 'thandi@example.com', 'Hi')`,
    )
    await waitFor('the enquiry at aal2', () => seeing.events[0])
    expect(blind.events).toEqual([])

    expect((await admin.from('enquiries').select('name')).data).toEqual([{ name: 'Thandi' }])
    expect((await admin.from('tenants').select('id')).data).toHaveLength(2)
    expect((await admin.storage.from('statements').download(statement)).error).toBeNull()

    // A new password sign-in of the same admin is back to a visitor's view until the code step.
    const later = await signIn(gw, 'admin')
    expect((await later.from('enquiries').select('id')).data).toEqual([])
    expect((await presentCode(later, factor, 1)).error).toBeNull()
    expect((await later.from('enquiries').select('id')).data).toHaveLength(1)
  })
})

describe.each(drivers)('two-factor required for admins, switched off (%s)', (driver) => {
  let gw: ListeningGateway
  beforeAll(async () => {
    gw = await startListeningGateway(driver, {
      seed: true,
      env: { ...LIMITS, AUTH_MFA_REQUIRED_FOR_ADMINS: 'false' },
    })
    await gw.db.query(
      `insert into public.enquiries (kind, name, email, message) values ('contact', 'Sipho', 'sipho@example.com', 'Hi')`,
    )
  })
  afterAll(async () => {
    await gw?.close()
  })

  it('lets an admin without a factor in with the password, and one with a factor only with the code', async () => {
    const admin = await signIn(gw, 'admin')
    expect((await admin.from('enquiries').select('name')).data).toEqual([{ name: 'Sipho' }])
    const factor = await enrol(admin, 'Phone')
    expect((await presentCode(admin, factor)).error).toBeNull()
    const later = await signIn(gw, 'admin')
    expect((await later.from('enquiries').select('name')).data).toEqual([])
    expect((await presentCode(later, factor, 1)).error).toBeNull()
    expect((await later.from('enquiries').select('name')).data).toEqual([{ name: 'Sipho' }])
  })
})
