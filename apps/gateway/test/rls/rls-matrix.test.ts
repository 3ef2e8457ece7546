import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs } from './act-as.ts'
import {
  CASES,
  callers,
  FIXTURES,
  qualified,
  STATEMENT_A,
  STATEMENT_B,
  WHO,
  type Who,
} from './matrix-cases.ts'

// The cases and callers are in matrix-cases.ts (shared with the attack suite's mutation check).

describe.each(drivers)('row-level security on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await db.exec(FIXTURES)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('covers every table of the public and storage schemas', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
       where schemaname in ('public', 'storage') order by 1`,
    )
    expect(rows.map((r) => r.name).sort()).toEqual(CASES.map((c) => qualified(c.table)).sort())
  })

  describe.each(CASES)('$table', (c) => {
    it.each(WHO)('select as %s', async (who) => {
      const r = await actAs(db, callers[who], `select * from ${qualified(c.table)}`)
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
           logo_path = id || '/logo.png'
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

    it('nobody but the gateway reads the auth tables, the mail outbox or the rate-limit counters', async () => {
      for (const who of ['anon', 'tenantA', 'admin'] as const) {
        for (const table of [
          'auth.users',
          'auth.refresh_tokens',
          'private.mail_outbox',
          'private.rate_limit_counters',
        ]) {
          const r = await actAs(db, callers[who], `select * from ${table}`)
          expect(r, `${who} ${table}`).toMatchObject({ ok: false, code: '42501' })
        }
      }
    })

    it('nobody but the gateway resets or raises a rate-limit counter', async () => {
      for (const who of ['anon', 'tenantA', 'admin'] as const) {
        for (const sql of [
          `delete from private.rate_limit_counters`,
          `insert into private.rate_limit_counters (key, count, expires_at) values ('x', 0, now())`,
          `update private.rate_limit_counters set count = 0`,
        ]) {
          const r = await actAs(db, callers[who], sql)
          expect(r, `${who} ${sql}`).toMatchObject({ ok: false, code: '42501' })
        }
      }
      // The gateway itself (the database owner) counts.
      await db.query(
        `insert into private.rate_limit_counters (key, count, expires_at) values ('rls-test', 1, now())`,
      )
      await db.query(`delete from private.rate_limit_counters where key = 'rls-test'`)
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
      expect(await names('tenantA')).toEqual([STATEMENT_A])
      expect(await names('tenantB')).toEqual([STATEMENT_B])
      expect(await names('admin')).toEqual([STATEMENT_A, STATEMENT_B].sort())
      expect(await names('anon')).toEqual([])
      // Without their second factor, tenant B and the admin see no statement at all.
      expect(await names('tenantB_aal1')).toEqual([])
      expect(await names('admin_aal1')).toEqual([])
      const logos = await actAs(db, ANON, `select name from storage.objects where bucket_id = 'shop-logos'`)
      expect(logos.ok && logos.rows.map((r) => r.name)).toEqual([
        expect.stringMatching(/^[0-9a-f-]{36}\/logo\.png$/),
      ])
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
