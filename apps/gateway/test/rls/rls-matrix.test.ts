import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON, type Caller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs } from './act-as.ts'

/**
 * The RLS matrix of product.md §3: for every public table and every kind of caller, what each of
 * select, insert, update and delete may do. Every case acts through the same role switch and
 * claims the gateway uses, and is rolled back afterwards.
 *
 *   select: the number of rows the caller sees (0 = hidden by RLS)
 *   insert: 'allow' or 'deny' (42501: RLS or privilege)
 *   update / delete: the number of target rows changed (0 = invisible to the caller), or 'deny'
 */
type Who = 'anon' | 'tenantA' | 'tenantB' | 'admin' | 'service'
type WriteResult = 'allow' | 'deny'
type Count = number | 'deny'

interface TableCase {
  table: string
  select: Record<Who, number>
  insert: { sql: string; params?: unknown[]; expect: Record<Who, WriteResult> }
  update: { sql: string; params?: unknown[]; expect: Record<Who, Count> }
  delete: { sql: string; params?: unknown[]; expect: Record<Who, Count> }
}

const callers: Record<Who, Caller> = {
  anon: ANON,
  tenantA: asUser(DEMO.tenantA),
  tenantB: asUser(DEMO.tenantB),
  admin: asUser(DEMO.admin),
  service: SERVICE_ROLE,
}
const WHO: Who[] = ['anon', 'tenantA', 'tenantB', 'admin', 'service']
const all = <T>(v: T): Record<Who, T> => ({ anon: v, tenantA: v, tenantB: v, admin: v, service: v })
const adminOnly = <T>(yes: T, no: T): Record<Who, T> => ({ ...all(no), admin: yes, service: yes })
const serviceOnly = <T>(yes: T, no: T): Record<Who, T> => ({ ...all(no), service: yes })

// Fixtures added on top of the demo seed (as the superuser) so that every case has a target.
const FIXTURES = `
insert into public.shops (id, shop_no, trading_name, category, floor, is_published)
  values ('5a000000-0000-4000-8000-000000000099', 'X99', 'Hidden Pop-up', 'Services', 'Ground', false);
insert into public.tenants (id, company_name, email)
  values ('7e000000-0000-4000-8000-0000000000ff', 'Former Tenant CC', 'former@example.com');
insert into public.enquiries (id, kind, name, email, message)
  values ('e0000000-0000-4000-8000-000000000001', 'contact', 'Visitor', 'v@example.com', 'Hello');
insert into public.analytics_events (id, name) values ('a0000000-0000-4000-8000-000000000001', 'page_view');
insert into public.monitoring_errors (id, message) values ('a0000000-0000-4000-8000-000000000002', 'boom');
insert into public.monitoring_metrics (id, name, value) values ('a0000000-0000-4000-8000-000000000003', 'lcp', 1200);
insert into public.monitoring_actions (id, action) values ('a0000000-0000-4000-8000-000000000004', 'login');
insert into storage.objects (bucket_id, name) values
  ('statements', '${DEMO.tenantA.tenantId}/2026-10.pdf'),
  ('statements', '${DEMO.tenantB.tenantId}/2026-10.pdf'),
  ('shop-logos', 'some-shop/logo.png');
`

const MONITORING = (table: string, insertSql: string): TableCase => ({
  table,
  select: { ...all(0), admin: 1, service: 1 },
  insert: { sql: insertSql, expect: serviceOnly('allow', 'deny') },
  update: { sql: `update public.${table} set created_at = now()`, expect: serviceOnly(1, 0) },
  delete: { sql: `delete from public.${table}`, expect: serviceOnly(1, 0) },
})

const CASES: TableCase[] = [
  {
    table: 'centre_settings',
    select: all(1),
    insert: {
      sql: `insert into public.centre_settings (singleton, centre_name, address_line, phone, management_email, leasing_email, general_email)
            values (true, 'Rival', 'x', '0', 'a@b.co', 'a@b.co', 'a@b.co')`,
      // Admins pass RLS and then meet the one-row constraint (23505), which is not a permission denial.
      expect: adminOnly('allow', 'deny'),
    },
    update: { sql: `update public.centre_settings set tagline = 'Changed'`, expect: adminOnly(1, 0) },
    delete: { sql: 'delete from public.centre_settings', expect: serviceOnly(1, 0) },
  },
  {
    table: 'shops',
    select: { anon: 28, tenantA: 28, tenantB: 28, admin: 29, service: 29 },
    insert: {
      sql: `insert into public.shops (shop_no, trading_name, category, floor) values ('N01', 'New Shop', 'Services', 'Ground')`,
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      // Tenant B's shop: only B (their own public details), admins and the service role.
      sql: `update public.shops set description = 'Fresh roast daily' where shop_no = 'M01'`,
      expect: { anon: 0, tenantA: 0, tenantB: 1, admin: 1, service: 1 },
    },
    delete: { sql: `delete from public.shops where shop_no = 'X99'`, expect: adminOnly(1, 0) },
  },
  {
    table: 'vacant_shops',
    select: all(5),
    insert: {
      sql: `insert into public.vacant_shops (unit_number, size_m2) values ('Z1', 50)`,
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.vacant_shops set is_featured = true where unit_number = 'G12'`,
      expect: adminOnly(1, 0),
    },
    delete: { sql: `delete from public.vacant_shops where unit_number = 'G12'`, expect: adminOnly(1, 0) },
  },
  {
    table: 'tenants',
    select: { anon: 0, tenantA: 1, tenantB: 1, admin: 3, service: 3 },
    insert: {
      sql: `insert into public.tenants (company_name, email) values ('Squatter', 's@example.com')`,
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.tenants set monthly_rental = 1 where id = $1`,
      params: [DEMO.tenantA.tenantId],
      // Not even tenant A may change their own lease terms.
      expect: adminOnly(1, 0),
    },
    delete: {
      sql: `delete from public.tenants where id = '7e000000-0000-4000-8000-0000000000ff'`,
      expect: adminOnly(1, 0),
    },
  },
  {
    table: 'rental_statements',
    select: { anon: 0, tenantA: 3, tenantB: 3, admin: 6, service: 6 },
    insert: {
      sql: `insert into public.rental_statements (tenant_id, period, amount_due) values ($1, '2020-01-01', 10)`,
      params: [DEMO.tenantA.tenantId],
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.rental_statements set amount_paid = amount_due where tenant_id = $1`,
      params: [DEMO.tenantA.tenantId],
      expect: adminOnly(3, 0),
    },
    delete: {
      sql: 'delete from public.rental_statements where tenant_id = $1',
      params: [DEMO.tenantA.tenantId],
      expect: adminOnly(3, 0),
    },
  },
  {
    table: 'utility_statements',
    // This month's utility statements are drafts: tenants see only the two issued ones.
    select: { anon: 0, tenantA: 2, tenantB: 2, admin: 6, service: 6 },
    insert: {
      sql: `insert into public.utility_statements (tenant_id, period) values ($1, '2020-01-01')`,
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.utility_statements set other_amount = 0 where tenant_id = $1`,
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly(3, 0),
    },
    delete: {
      sql: 'delete from public.utility_statements where tenant_id = $1',
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly(3, 0),
    },
  },
  {
    table: 'newsletters',
    select: { ...all(0), admin: 1, service: 1 },
    insert: {
      sql: `insert into public.newsletters (subject) values ('Hi')`,
      expect: adminOnly('allow', 'deny'),
    },
    update: { sql: `update public.newsletters set subject = 'Changed'`, expect: adminOnly(1, 0) },
    delete: { sql: 'delete from public.newsletters', expect: adminOnly(1, 0) },
  },
  {
    table: 'newsletter_subscribers',
    select: { ...all(0), admin: 2, service: 2 },
    insert: {
      // Only the newsletter function (service role) adds subscribers: not even admins.
      sql: `insert into public.newsletter_subscribers (email, consent_text) values ('new@example.com', 'yes')`,
      expect: serviceOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.newsletter_subscribers set status = 'unsubscribed'`,
      expect: adminOnly(2, 0),
    },
    delete: { sql: 'delete from public.newsletter_subscribers', expect: adminOnly(2, 0) },
  },
  {
    table: 'enquiries',
    select: { ...all(0), admin: 1, service: 1 },
    insert: {
      sql: `insert into public.enquiries (kind, name, email) values ('contact', 'Bot', 'bot@example.com')`,
      expect: serviceOnly('allow', 'deny'),
    },
    update: { sql: 'update public.enquiries set handled_at = now()', expect: adminOnly(1, 0) },
    // Nothing a visitor sent is ever deleted through the API.
    delete: { sql: 'delete from public.enquiries', expect: serviceOnly(1, 0) },
  },
  MONITORING('analytics_events', `insert into public.analytics_events (name) values ('x')`),
  MONITORING('monitoring_errors', `insert into public.monitoring_errors (message) values ('x')`),
  MONITORING('monitoring_metrics', `insert into public.monitoring_metrics (name, value) values ('x', 1)`),
  MONITORING('monitoring_actions', `insert into public.monitoring_actions (action) values ('x')`),
]

describe.each(drivers)('row-level security on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await db.exec(FIXTURES)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('covers every table of the public schema', async () => {
    const { rows } = await db.query<{ tablename: string }>(
      `select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
    expect(rows.map((r) => r.tablename).sort()).toEqual(CASES.map((c) => c.table).sort())
  })

  describe.each(CASES)('$table', (c) => {
    it.each(WHO)('select as %s', async (who) => {
      const r = await actAs(db, callers[who], `select * from public.${c.table}`)
      expect(r.ok ? r.rows.length : r).toBe(c.select[who])
    })

    it.each(WHO)('insert as %s', async (who) => {
      const r = await actAs(db, callers[who], c.insert.sql, c.insert.params)
      const denied = !r.ok && r.code === '42501'
      if (!r.ok && !denied && r.code !== '23505') throw new Error(`unexpected error ${r.code}: ${r.message}`)
      expect(denied ? 'deny' : 'allow').toBe(c.insert.expect[who])
    })

    it.each(WHO)('update as %s', async (who) => {
      const r = await actAs(db, callers[who], c.update.sql, c.update.params)
      expect(r.ok ? r.affected : r.code === '42501' ? 'deny' : r.message).toBe(c.update.expect[who])
    })

    it.each(WHO)('delete as %s', async (who) => {
      const r = await actAs(db, callers[who], c.delete.sql, c.delete.params)
      expect(r.ok ? r.affected : r.code === '42501' ? 'deny' : r.message).toBe(c.delete.expect[who])
    })
  })

  describe('the rules users notice', () => {
    it("tenant A cannot read tenant B's statements or tenant row", async () => {
      const a = asUser(DEMO.tenantA)
      const statements = await actAs(db, a, 'select tenant_id from public.rental_statements')
      expect(statements.ok && statements.rows.every((r) => r.tenant_id === DEMO.tenantA.tenantId)).toBe(true)
      const tenantB = await actAs(db, a, 'select * from public.tenants where id = $1', [
        DEMO.tenantB.tenantId,
      ])
      expect(tenantB.ok && tenantB.rows).toEqual([])
      const utilities = await actAs(db, a, 'select * from public.utility_statements where tenant_id = $1', [
        DEMO.tenantB.tenantId,
      ])
      expect(utilities.ok && utilities.rows).toEqual([])
    })

    it('a tenant may change the public details of their own shop', async () => {
      const r = await actAs(
        db,
        asUser(DEMO.tenantA),
        `update public.shops set primary_phone = '011 000 0000', website = 'https://example.com',
           email = 'shop@example.com', description = 'New', trading_hours = '{"monday":"08:00 - 17:00"}',
           logo_path = 'x/logo.png'
         where shop_no = 'G01' returning primary_phone`,
      )
      expect(r).toMatchObject({ ok: true, affected: 1, rows: [{ primary_phone: '011 000 0000' }] })
    })

    it.each([
      ['shop_no', `shop_no = 'G99'`],
      ['category', `category = 'Electronics'`],
      ['trading_name', `trading_name = 'Renamed'`],
      ['floor', `floor = 'Mezzanine'`],
      ['publication', 'is_published = false'],
    ])('a tenant cannot change the %s of their shop', async (_what, assignment) => {
      const r = await actAs(
        db,
        asUser(DEMO.tenantA),
        `update public.shops set ${assignment} where shop_no = 'G01'`,
      )
      expect(r).toMatchObject({
        ok: false,
        code: '42501',
        message:
          'Tenants may only change the phone, website, email, description, trading hours and logo of their shop',
      })
    })

    it("a tenant cannot change another tenant's shop", async () => {
      const r = await actAs(
        db,
        asUser(DEMO.tenantA),
        `update public.shops set description = 'Hacked' where shop_no = 'M01'`,
      )
      expect(r).toMatchObject({ ok: true, affected: 0 })
    })

    it('a tenant cannot make themselves admin', async () => {
      const a = asUser(DEMO.tenantA)
      const users = await actAs(
        db,
        a,
        `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}' where id = $1`,
        [DEMO.tenantA.id],
      )
      expect(users).toMatchObject({ ok: false, code: '42501' })
      // user_metadata.role (which users can edit through the auth API) grants nothing.
      const forged = {
        role: 'authenticated',
        claims: { ...a.claims, user_metadata: { role: 'admin' } },
      }
      const enquiries = await actAs(db, forged, 'select * from public.enquiries')
      expect(enquiries.ok && enquiries.rows).toEqual([])
    })

    it('anon reads published shops and vacant units but nothing private', async () => {
      const shops = await actAs(db, ANON, `select * from public.shops where shop_no = 'X99'`)
      expect(shops.ok && shops.rows).toEqual([])
      for (const table of [
        'tenants',
        'rental_statements',
        'utility_statements',
        'enquiries',
        'newsletter_subscribers',
      ]) {
        const r = await actAs(db, ANON, `select * from public.${table}`)
        expect(r.ok && r.rows, table).toEqual([])
      }
    })

    it('nobody but the gateway reads the auth tables or the mail outbox', async () => {
      for (const who of ['anon', 'tenantA', 'admin'] as const) {
        for (const table of ['auth.users', 'auth.refresh_tokens', 'private.mail_outbox']) {
          const r = await actAs(db, callers[who], `select * from ${table}`)
          expect(r, `${who} ${table}`).toMatchObject({ ok: false, code: '42501' })
        }
      }
    })

    it('tenants read only their own statement files; admins read all; anon none', async () => {
      const names = async (who: Who) => {
        const r = await actAs(
          db,
          callers[who],
          `select name from storage.objects where bucket_id = 'statements' order by name`,
        )
        return r.ok ? r.rows.map((row) => row.name) : r
      }
      expect(await names('tenantA')).toEqual([`${DEMO.tenantA.tenantId}/2026-10.pdf`])
      expect(await names('tenantB')).toEqual([`${DEMO.tenantB.tenantId}/2026-10.pdf`])
      expect(await names('admin')).toHaveLength(2)
      expect(await names('anon')).toEqual([])
      const logos = await actAs(db, ANON, `select name from storage.objects where bucket_id = 'shop-logos'`)
      expect(logos.ok && logos.rows).toEqual([{ name: 'some-shop/logo.png' }])
    })

    it("a tenant cannot upload into another tenant's statements", async () => {
      const r = await actAs(
        db,
        asUser(DEMO.tenantA),
        `insert into storage.objects (bucket_id, name) values ('statements', $1)`,
        [`${DEMO.tenantB.tenantId}/forged.pdf`],
      )
      expect(r).toMatchObject({ ok: false, code: '42501' })
    })
  })
})
