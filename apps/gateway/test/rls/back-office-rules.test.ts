import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

type Client = ReturnType<TestGateway['client']>

/**
 * The database rules behind the back office (issue 13), through REST with real tokens, each with
 * the allowed and the denied case: a shop with a tenant cannot be deleted; an enquiry's handling
 * is recorded with who, and what the visitor sent cannot be changed; page views per day for the
 * dashboard count for admins only.
 */
describe.each(drivers)('back office rules (%s)', (driver) => {
  let gw: TestGateway
  let anon: Client
  let tenantA: Client
  let admin: Client
  let service: Client
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    anon = gw.client()
    tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    admin = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    service = gw.client({ key: gw.keys.serviceRoleKey })
    await gw.db.exec(`
      insert into public.enquiries (id, kind, name, email, message)
        values ('e0000000-0000-4000-8000-0000000000e1', 'contact', 'Visitor', 'v@example.com', 'Hello');
      insert into public.analytics_events (name, occurred_at) values
        ('page_view', now()), ('page_view', now()), ('page_view', now() - interval '2 days'),
        ('click', now()), ('page_view', now() - interval '40 days');
    `)
  })
  afterAll(() => gw.close())

  describe('deleting shops', () => {
    it('refuses to delete a shop with a tenant and changes nothing', async () => {
      const { error } = await admin.from('shops').delete().eq('shop_no', 'G01')
      expect(error?.code).toBe('23503')
      const shop = await admin.from('shops').select('shop_no').eq('shop_no', 'G01')
      expect(shop.data).toEqual([{ shop_no: 'G01' }])
      const tenant = await admin
        .from('tenants')
        .select('shop:shops(shop_no)')
        .eq('id', DEMO.tenantA.tenantId)
        .single()
      expect(tenant.data).toEqual({ shop: { shop_no: 'G01' } })
    })

    it('deletes a shop no tenant operates', async () => {
      const created = await admin
        .from('shops')
        .insert({ shop_no: 'DEL1', trading_name: 'Short Lease', category: 'Services', floor: 'Ground' })
        .select('id')
        .single()
      expect(created.error).toBeNull()
      const { error, count } = await admin.from('shops').delete({ count: 'exact' }).eq('shop_no', 'DEL1')
      expect(error).toBeNull()
      expect(count).toBe(1)
    })
  })

  describe('handling enquiries', () => {
    const id = 'e0000000-0000-4000-8000-0000000000e1'

    it('records who marked an enquiry handled, with the note', async () => {
      const { error } = await admin
        .from('enquiries')
        .update({ handled_at: new Date().toISOString(), handled_note: 'Called back' })
        .eq('id', id)
      expect(error).toBeNull()
      const row = await admin.from('enquiries').select('handled_note, handled_by').eq('id', id).single()
      expect(row.data).toEqual({ handled_note: 'Called back', handled_by: DEMO.admin.id })
      // Opening it again clears who handled it.
      await admin.from('enquiries').update({ handled_at: null }).eq('id', id)
      const reopened = await admin.from('enquiries').select('handled_by').eq('id', id).single()
      expect(reopened.data).toEqual({ handled_by: null })
    })

    it('refuses an admin changing what the visitor sent, and lets the enquiry function', async () => {
      const denied = await admin.from('enquiries').update({ message: 'Rewritten' }).eq('id', id)
      expect(denied.error?.code).toBe('42501')
      expect(denied.error?.message).toBe('What a visitor sent cannot be changed; only its handling can')
      const stored = await admin.from('enquiries').select('message').eq('id', id).single()
      expect(stored.data).toEqual({ message: 'Hello' })
      const allowed = await service.from('enquiries').update({ email_status: 'failed' }).eq('id', id)
      expect(allowed.error).toBeNull()
    })

    it('lets nobody but admins mark enquiries handled', async () => {
      for (const client of [anon, tenantA]) {
        const { data, error } = await client
          .from('enquiries')
          .update({ handled_note: 'x' })
          .eq('id', id)
          .select('id')
        expect(error === null ? data : []).toEqual([])
      }
      const row = await admin.from('enquiries').select('handled_note').eq('id', id).single()
      expect(row.data?.handled_note).not.toBe('x')
    })
  })

  describe('page views per day', () => {
    it('counts the last 30 days of page views, one row per day, for admins', async () => {
      const { data, error } = await admin.rpc('page_views_by_day', { days: 30 })
      expect(error).toBeNull()
      const rows = data as { day: string; views: number }[]
      expect(rows).toHaveLength(30)
      expect(rows.map((r) => Number(r.views)).reduce((a, b) => a + b, 0)).toBe(3)
      expect(Number(rows.at(-1)?.views)).toBe(2)
      expect(Number(rows.at(-3)?.views)).toBe(1)
    })

    it('counts nothing for a tenant and is refused to visitors', async () => {
      const tenant = await tenantA.rpc('page_views_by_day', { days: 30 })
      expect(tenant.error).toBeNull()
      expect((tenant.data as { views: number }[]).every((r) => Number(r.views) === 0)).toBe(true)
      const visitor = await anon.rpc('page_views_by_day', { days: 30 })
      expect(visitor.error?.code).toBe('42501')
    })
  })
})
