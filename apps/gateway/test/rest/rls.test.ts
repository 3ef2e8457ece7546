import { SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

/** The RLS matrix of docs/product/README.md §3, end to end through REST with real tokens. */
describe.each(drivers)('REST permissions by role (%s)', (driver) => {
  let gw: TestGateway
  let anon: ReturnType<TestGateway['client']>
  let tenantA: ReturnType<TestGateway['client']>
  let tenantB: ReturnType<TestGateway['client']>
  let admin: ReturnType<TestGateway['client']>
  let service: ReturnType<TestGateway['client']>
  let shopA: string
  let shopB: string

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    anon = gw.client()
    tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    tenantB = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantB), TEST_JWT_SECRET) })
    admin = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    service = gw.client({ key: gw.keys.serviceRoleKey })
    const shops = await gw.db.query<{ id: string; shop_no: string }>(
      "select id, shop_no from public.shops where shop_no in ('G01', 'M01')",
    )
    shopA = shops.rows.find((s) => s.shop_no === 'G01')!.id
    shopB = shops.rows.find((s) => s.shop_no === 'M01')!.id
    await gw.db.exec("update public.shops set is_published = false where shop_no = 'F01'")
  })
  afterAll(() => gw.close())

  const count = async (client: ReturnType<TestGateway['client']>, table: string) => {
    const { count, error } = await client.from(table).select('*', { count: 'exact', head: true })
    expect(error).toBeNull()
    return count
  }
  const dbCount = async (sql: string) => Number((await gw.db.query<{ n: number }>(sql)).rows[0].n)

  it('lets anon see published shops and vacant units, and nothing private', async () => {
    expect(await count(anon, 'shops')).toBe(
      await dbCount('select count(*) as n from public.shops where is_published'),
    )
    expect((await anon.from('shops').select('shop_no').eq('shop_no', 'F01')).data).toEqual([])
    expect(await count(anon, 'vacant_shops')).toBe(5)
    for (const table of [
      'tenants',
      'rental_statements',
      'utility_statements',
      'enquiries',
      'newsletter_subscribers',
      'newsletters',
      'analytics_events',
      'monitoring_errors',
      'monitoring_metrics',
      'monitoring_actions',
    ]) {
      expect(await count(anon, table)).toBe(0)
    }
  })

  it('refuses anon writes with 401 42501', async () => {
    const { error, status } = await anon
      .from('shops')
      .insert({ shop_no: 'X1', trading_name: 'X', category: 'Services', floor: 'Ground' })
    expect(status).toBe(401)
    expect(error).toMatchObject({ code: '42501' })
    expect(error?.message).toContain('row-level security')
  })

  it('shows tenant A only their own tenant row and issued statements, never B’s', async () => {
    const { data: tenants } = await tenantA.from('tenants').select('id')
    expect(tenants).toEqual([{ id: DEMO.tenantA.tenantId }])
    const { data: rental } = await tenantA.from('rental_statements').select('tenant_id, status')
    expect(rental?.length).toBe(3)
    expect(rental?.every((s) => s.tenant_id === DEMO.tenantA.tenantId)).toBe(true)
    const { data: utility } = await tenantA.from('utility_statements').select('tenant_id, status')
    expect(utility?.length).toBe(2)
    expect(utility?.every((s) => s.tenant_id === DEMO.tenantA.tenantId && s.status !== 'draft')).toBe(true)
    expect((await tenantA.from('tenants').select('id').eq('id', DEMO.tenantB.tenantId)).data).toEqual([])
    const { data: asB } = await tenantB.from('rental_statements').select('tenant_id')
    expect(asB?.length).toBe(3)
    expect(asB?.every((s) => s.tenant_id === DEMO.tenantB.tenantId)).toBe(true)
    expect((await tenantB.from('tenants').select('id')).data).toEqual([{ id: DEMO.tenantB.tenantId }])
    expect(await count(tenantA, 'enquiries')).toBe(0)
    expect(await count(tenantA, 'newsletter_subscribers')).toBe(0)
  })

  it('lets a tenant change the phone, website and description of their own shop', async () => {
    const { data, error } = await tenantA
      .from('shops')
      .update({ primary_phone: '011 000 1111', website: 'https://fresh.example', description: 'Fresh daily' })
      .eq('id', shopA)
      .select('primary_phone, website, description')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({
      primary_phone: '011 000 1111',
      website: 'https://fresh.example',
      description: 'Fresh daily',
    })
  })

  it('refuses a tenant changing their shop number or category (403 42501) and leaves the row alone', async () => {
    for (const change of [{ shop_no: 'G99' }, { category: 'Services' }]) {
      const { error, status } = await tenantA.from('shops').update(change).eq('id', shopA)
      expect(status).toBe(403)
      expect(error).toMatchObject({
        code: '42501',
        message:
          'Tenants may only change the phone, website, email, description, trading hours and logo of their shop',
        hint: 'Ask the centre management to change the shop number, name, category, floor, area or publication.',
      })
    }
    const { rows } = await gw.db.query<{ shop_no: string }>(
      'select shop_no from public.shops where id = $1',
      [shopA],
    )
    expect(rows[0].shop_no).toBe('G01')
  })

  it('does not let a tenant change another shop', async () => {
    const { data, error } = await tenantA
      .from('shops')
      .update({ primary_phone: '000' })
      .eq('id', shopB)
      .select()
    expect(error).toBeNull()
    expect(data).toEqual([])
    const { rows } = await gw.db.query<{ primary_phone: string }>(
      'select primary_phone from public.shops where id = $1',
      [shopB],
    )
    expect(rows[0].primary_phone).not.toBe('000')
  })

  it('does not let a tenant make themselves admin', async () => {
    const { data } = await tenantA
      .from('tenants')
      .update({ status: 'active' })
      .eq('id', DEMO.tenantA.tenantId)
      .select()
    expect(data).toEqual([])
    // The role lives in app_metadata, which only the service role writes; auth is not exposed over REST.
    const { error, status } = await tenantA
      .schema('auth')
      .from('users')
      .update({ raw_app_meta_data: { role: 'admin' } })
      .eq('id', DEMO.tenantA.id)
    expect(status).toBe(406)
    expect(error?.code).toBe('PGRST106')
    // A self-signed user_metadata role changes nothing either: admins are recognised by app_metadata only.
    const claims = userClaims(DEMO.tenantA)
    const forged = gw.client({
      accessToken: await signToken({ ...claims, user_metadata: { role: 'admin' } }, TEST_JWT_SECRET),
    })
    expect(await count(forged, 'enquiries')).toBe(0)
  })

  it('shows the admin everything and lets the service role bypass RLS', async () => {
    expect(await count(admin, 'shops')).toBe(await dbCount('select count(*) as n from public.shops'))
    expect(await count(admin, 'tenants')).toBe(2)
    expect(await count(admin, 'utility_statements')).toBe(6)
    expect(await count(admin, 'newsletter_subscribers')).toBe(4)
    expect(await count(service, 'utility_statements')).toBe(6)
    const { error } = await admin.from('shops').update({ category: 'Services' }).eq('id', shopB)
    expect(error).toBeNull()
  })

  describe('tampered tokens are refused with 401 in PostgREST’s shape', () => {
    const refusal = async (token: string) => {
      const res = await gw.app.request('/rest/v1/shops', {
        headers: { apikey: gw.keys.anonKey, Authorization: `Bearer ${token}` },
      })
      return {
        status: res.status,
        body: await res.json(),
        wwwAuthenticate: res.headers.get('www-authenticate'),
      }
    }

    it('alg: none', async () => {
      const token = new UnsecuredJWT(userClaims(DEMO.admin, { aal: 'aal2' })).encode()
      const r = await refusal(token)
      expect(r.status).toBe(401)
      expect(r.body).toMatchObject({ code: 'PGRST301', details: null, hint: null })
      expect(r.wwwAuthenticate).toMatch(/^Bearer error="invalid_token", error_description=".+"$/)
    })

    it('signed with another key', async () => {
      const r = await refusal(
        await signToken(
          userClaims(DEMO.admin, { aal: 'aal2' }),
          'another-secret-another-secret-another-secret',
        ),
      )
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('PGRST301')
    })

    it('expired', async () => {
      const now = Math.floor(Date.now() / 1000)
      const r = await refusal(
        await signToken({ ...userClaims(DEMO.tenantA), exp: now - 120 }, TEST_JWT_SECRET),
      )
      expect(r.status).toBe(401)
      expect(r.body).toEqual({ code: 'PGRST303', details: null, hint: null, message: 'JWT expired' })
    })

    it('for another audience', async () => {
      const r = await refusal(
        await signToken({ ...userClaims(DEMO.tenantA), aud: 'someone-else' }, TEST_JWT_SECRET),
      )
      expect(r.status).toBe(401)
      expect(r.body).toMatchObject({ code: 'PGRST303', message: 'JWT not in audience' })
    })

    it('issued in the future, or naming a role that is not ours', async () => {
      const now = Math.floor(Date.now() / 1000)
      const future = await refusal(
        await signToken({ ...userClaims(DEMO.tenantA), iat: now + 3600 }, TEST_JWT_SECRET),
      )
      expect(future.body).toMatchObject({ code: 'PGRST303', message: 'JWT issued at future' })
      const role = await refusal(
        await new SignJWT({ role: 'postgres', exp: now + 60 })
          .setProtectedHeader({ alg: 'HS256' })
          .sign(new TextEncoder().encode(TEST_JWT_SECRET)),
      )
      expect(role.status).toBe(401)
      expect(role.body.code).toBe('PGRST303')
    })

    it('garbage', async () => {
      const r = await refusal('not.a.jwt')
      expect(r.status).toBe(401)
      expect(r.body.code).toBe('PGRST301')
    })
  })
})
