import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

type Client = ReturnType<TestGateway['client']>

interface AuditRow {
  id: number
  actor_id: string | null
  actor_email: string | null
  actor_role: string
  table_name: string
  record_id: string | null
  action: string
  old_data: Record<string, unknown> | null
  new_data: Record<string, unknown> | null
  changed_fields: string[]
}

/**
 * The audit trail (issue 13, item 9), end to end through REST with real tokens: every write to an
 * admin-written table is recorded by the database (who, what, when, before, after); admins with
 * their second factor read it; nobody can change or remove it, the service role and the table's
 * owner included.
 */
describe.each(drivers)('the audit trail (%s)', (driver) => {
  let gw: TestGateway
  let anon: Client
  let tenantA: Client
  let admin: Client
  let adminAal1: Client
  let service: Client

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    anon = gw.client()
    tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    admin = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    adminAal1 = gw.client({ accessToken: await signToken(userClaims(DEMO.admin), TEST_JWT_SECRET) })
    service = gw.client({ key: gw.keys.serviceRoleKey })
  })
  afterAll(() => gw.close())

  const trailOf = async (table: string, recordId: string): Promise<AuditRow[]> => {
    const { data, error } = await admin
      .from('audit_log')
      .select('*')
      .eq('table_name', table)
      .eq('record_id', recordId)
      .order('id')
    expect(error).toBeNull()
    return data as AuditRow[]
  }

  it('starts empty: the demo seed is start-up work, not an API write', async () => {
    const { count } = await admin.from('audit_log').select('*', { count: 'exact', head: true })
    expect(count).toBe(0)
  })

  it("records an admin's insert, update and delete with who, before and after", async () => {
    const created = await admin
      .from('vacant_shops')
      .insert({ unit_number: 'AUD-1', size_m2: 42, description: 'Audited' })
      .select('id')
      .single()
    expect(created.error).toBeNull()
    const id = (created.data as { id: string }).id
    expect((await admin.from('vacant_shops').update({ size_m2: 55 }).eq('id', id)).error).toBeNull()
    expect((await admin.from('vacant_shops').delete().eq('id', id)).error).toBeNull()

    const trail = await trailOf('vacant_shops', id)
    expect(trail.map((r) => r.action)).toEqual(['insert', 'update', 'delete'])
    for (const r of trail) {
      expect(r.actor_id).toBe(DEMO.admin.id)
      expect(r.actor_email).toBe(DEMO.admin.email)
      expect(r.actor_role).toBe('authenticated')
    }
    const [insert, update, remove] = trail
    expect(insert.old_data).toBeNull()
    expect(insert.new_data).toMatchObject({ unit_number: 'AUD-1', size_m2: 42 })
    expect(update.old_data).toMatchObject({ size_m2: 42 })
    expect(update.new_data).toMatchObject({ size_m2: 55 })
    expect(update.changed_fields).toEqual(['size_m2'])
    expect(remove.old_data).toMatchObject({ unit_number: 'AUD-1', size_m2: 55 })
    expect(remove.new_data).toBeNull()
  })

  it("records a tenant's change to their own shop and the service role's writes, naming each", async () => {
    const shop = await gw.db.query<{ id: string }>("select id from public.shops where shop_no = 'G01'")
    const shopId = shop.rows[0].id
    expect(
      (await tenantA.from('shops').update({ primary_phone: '011 555 0101' }).eq('id', shopId)).error,
    ).toBeNull()
    expect(
      (await service.from('shops').update({ description: 'Changed by the service role' }).eq('id', shopId))
        .error,
    ).toBeNull()
    const trail = await trailOf('shops', shopId)
    expect(trail.map((r) => [r.actor_role, r.actor_id, r.changed_fields])).toEqual([
      ['authenticated', DEMO.tenantA.id, ['primary_phone']],
      ['service_role', null, ['description']],
    ])
  })

  it('lets only admins with their second factor read it', async () => {
    const { count: total } = await admin.from('audit_log').select('*', { count: 'exact', head: true })
    expect(total).toBeGreaterThan(0)
    for (const [who, client] of [
      ['anon', anon],
      ['tenant', tenantA],
      ['admin without the code', adminAal1],
    ] as const) {
      const { data, error } = await client.from('audit_log').select('id')
      expect({ who, data, error }).toEqual({ who, data: [], error: null })
    }
    const { count: serviceCount } = await service
      .from('audit_log')
      .select('*', { count: 'exact', head: true })
    expect(serviceCount).toBe(total)
  })

  it('cannot be written, changed or removed through REST by anyone, the service role included', async () => {
    const [first] = (await admin.from('audit_log').select('id').order('id').limit(1)).data as { id: number }[]
    for (const client of [admin, service, tenantA]) {
      const insert = await client
        .from('audit_log')
        .insert({ actor_role: 'forged', table_name: 'shops', action: 'insert' })
      expect(insert.error?.code).toBe('42501')
      const update = await client.from('audit_log').update({ actor_email: 'someone@else' }).eq('id', first.id)
      expect(update.error?.code).toBe('42501')
      const remove = await client.from('audit_log').delete().eq('id', first.id)
      expect(remove.error?.code).toBe('42501')
    }
    const after = await admin.from('audit_log').select('id, actor_email').eq('id', first.id).single()
    expect(after.data).toMatchObject({ id: first.id, actor_email: DEMO.admin.email })
  })

  it("refuses update, delete and truncate even to the table's owner", async () => {
    const before = Number(
      (await gw.db.query<{ n: number }>('select count(*) as n from public.audit_log')).rows[0].n,
    )
    expect(before).toBeGreaterThan(0)
    for (const sql of [
      "update public.audit_log set actor_email = 'x'",
      'delete from public.audit_log',
      'truncate public.audit_log',
    ]) {
      await expect(gw.db.exec(sql), sql).rejects.toThrow(/append-only/)
    }
    const after = await gw.db.query<{ n: number; emails: string[] }>(
      "select count(*) as n, array_agg(distinct actor_email) filter (where actor_email = 'x') as emails from public.audit_log",
    )
    expect(Number(after.rows[0].n)).toBe(before)
    expect(after.rows[0].emails).toBeNull()
  })
})
