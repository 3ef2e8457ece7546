import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs } from './act-as.ts'
import { FIXTURES } from './matrix-cases.ts'
import { EVENT_ENDED, SPECIAL_A_SUBMITTED, SPECIAL_B_APPROVED } from './power-and-whats-on-cases.ts'

/**
 * Issue 18's rules as a tenant or an admin meets them (migrations 20261128400000 and
 * 20261128400100): the matrix counts rows, these check what the rows say.
 */
const tenantA = asUser(DEMO.tenantA)
const tenantB = asUser(DEMO.tenantB, { aal: 'aal2' })
const admin = asUser(DEMO.admin, { aal: 'aal2' })
const shop = (shopNo: string) => `(select id from public.shops where shop_no = '${shopNo}')`

describe.each(drivers)('power status and what’s on rules on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await db.exec(FIXTURES)
  })
  afterAll(async () => {
    await db?.close()
  })

  describe('power status', () => {
    it("a tenant reports their own store's state, stamped with them and the database's time", async () => {
      const r = await actAs(
        db,
        tenantA,
        `insert into public.power_statuses (shop_id, state, note, reported_at, reported_by)
         values (${shop('G01')}, 'limited', 'Cash only', '2001-01-01', null)
         returning state, reported_by, reported_at > now() - interval '1 minute' as fresh`,
      )
      expect(r).toMatchObject({
        ok: true,
        rows: [{ state: 'limited', reported_by: DEMO.tenantA.id, fresh: true }],
      })
    })

    it("a tenant cannot set another store's state, nor the centre's", async () => {
      const other = await actAs(
        db,
        tenantA,
        `insert into public.power_statuses (shop_id, state) values (${shop('M01')}, 'closed')`,
      )
      expect(other).toMatchObject({ ok: false, code: '42501' })
      const centre = await actAs(
        db,
        tenantA,
        `insert into public.power_statuses (shop_id, state) values (null, 'off')`,
      )
      expect(centre).toMatchObject({ ok: false, code: '42501' })
    })

    it("an admin reports the centre's supply and any store's state; a visitor reports nothing", async () => {
      const centre = await actAs(
        db,
        admin,
        `insert into public.power_statuses (state) values ('on_generator')`,
      )
      expect(centre).toMatchObject({ ok: true, affected: 1 })
      const store = await actAs(
        db,
        admin,
        `insert into public.power_statuses (shop_id, state) values (${shop('M01')}, 'closed')`,
      )
      expect(store).toMatchObject({ ok: true, affected: 1 })
      const visitor = await actAs(db, ANON, `insert into public.power_statuses (state) values ('off')`)
      expect(visitor).toMatchObject({ ok: false, code: '42501' })
    })

    it('a state must fit its scope: stores do not run generators, the centre does not trade', async () => {
      const r = await actAs(
        db,
        admin,
        `insert into public.power_statuses (shop_id, state) values (${shop('G01')}, 'on_generator')`,
      )
      expect(r).toMatchObject({ ok: false, code: '23514' })
    })

    it('the current state is the latest report of each scope, with the stale setting', async () => {
      const r = await actAs(
        db,
        ANON,
        `select shop_id is null as centre, state, stale_after_minutes from public.current_power_statuses order by 1 desc`,
      )
      expect(r).toMatchObject({
        ok: true,
        rows: [
          { centre: true, state: 'on_grid', stale_after_minutes: 180 },
          { centre: false, state: 'limited', stale_after_minutes: 180 },
        ],
      })
    })

    it('history is kept: nobody rewrites or removes a report, admins included', async () => {
      const update = await actAs(
        db,
        admin,
        `update public.power_statuses set state = 'off' where shop_id is null`,
      )
      expect(update).toMatchObject({ ok: false, code: '42501' })
      const remove = await actAs(db, admin, 'delete from public.power_statuses')
      expect(remove).toMatchObject({ ok: false, code: '42501' })
    })
  })

  describe("what's on", () => {
    const newSpecial = (status: string, shopNo = 'G01') =>
      `insert into public.whats_on_items (kind, shop_id, title, body, starts_at, ends_at, status)
       values ('special', ${shop(shopNo)}, 'Bakery hour', 'Half price rolls.', now(), now() + interval '1 day', '${status}')`

    it('a tenant drafts and submits a special for their own store', async () => {
      expect(await actAs(db, tenantA, newSpecial('draft'))).toMatchObject({ ok: true, affected: 1 })
      expect(await actAs(db, tenantA, newSpecial('submitted'))).toMatchObject({ ok: true, affected: 1 })
    })

    it('a tenant cannot publish: not by inserting it approved, nor by approving their own', async () => {
      expect(await actAs(db, tenantA, newSpecial('approved'))).toMatchObject({ ok: false, code: '42501' })
      const approve = await actAs(
        db,
        tenantA,
        `update public.whats_on_items set status = 'approved' where id = '${SPECIAL_A_SUBMITTED}'`,
      )
      expect(approve).toMatchObject({ ok: false, code: '42501' })
    })

    it('a tenant cannot add a special for another store, nor an event, nor change an approved one', async () => {
      expect(await actAs(db, tenantA, newSpecial('draft', 'M01'))).toMatchObject({ ok: false, code: '42501' })
      const event = await actAs(
        db,
        tenantA,
        `insert into public.whats_on_items (kind, title, body, starts_at, ends_at)
         values ('event', 'Party', 'Everyone welcome.', now(), now() + interval '1 hour')`,
      )
      expect(event).toMatchObject({ ok: false, code: '42501' })
      const approved = await actAs(
        db,
        tenantB,
        `update public.whats_on_items set title = 'Three for R50' where id = '${SPECIAL_B_APPROVED}'`,
      )
      expect(approved).toMatchObject({ ok: true, affected: 0 })
    })

    it('an unapproved special is invisible to visitors and other tenants', async () => {
      const visitor = await actAs(db, ANON, 'select id from public.whats_on_items where id = $1', [
        SPECIAL_A_SUBMITTED,
      ])
      expect(visitor).toMatchObject({ ok: true, rows: [] })
      const other = await actAs(db, tenantB, 'select id from public.whats_on_items where id = $1', [
        SPECIAL_A_SUBMITTED,
      ])
      expect(other).toMatchObject({ ok: true, rows: [] })
    })

    it('an admin approves, which the database stamps with who and when; then everyone reads it', async () => {
      const r = await actAs(
        db,
        admin,
        `with approved as (
           update public.whats_on_items set status = 'approved', reviewed_by = null
           where id = '${SPECIAL_A_SUBMITTED}' returning reviewed_by, reviewed_at is not null as stamped)
         select * from approved`,
      )
      expect(r).toMatchObject({ ok: true, rows: [{ reviewed_by: DEMO.admin.id, stamped: true }] })
    })

    it('an item that has ended disappears from the public by itself', async () => {
      const visitor = await actAs(db, ANON, 'select title from public.whats_on order by starts_at')
      expect(visitor).toMatchObject({
        ok: true,
        rows: [{ title: 'Two cappuccinos for R50' }, { title: "Saturday Farmers' Market" }],
      })
      const ended = await actAs(db, ANON, 'select id from public.whats_on_items where id = $1', [EVENT_ENDED])
      expect(ended).toMatchObject({ ok: true, rows: [] })
    })
  })
})
