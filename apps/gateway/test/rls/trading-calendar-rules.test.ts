import { southAfricanPublicHolidays } from '@genesis/contracts/public-holidays'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs, inRolledBack } from './act-as.ts'

const tenantA = asUser(DEMO.tenantA)
const admin = asUser(DEMO.admin, { aal: 'aal2' })
const shop = (shopNo: string) => `(select id from public.shops where shop_no = '${shopNo}')`

/**
 * Open now and WhatsApp (issue 18, items 1 and 3; migration 20261128300000): the rules a tenant or
 * an admin meets, beyond the matrix's counts.
 */
describe.each(drivers)('trading calendar and WhatsApp rules on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
  })
  afterAll(async () => {
    await db?.close()
  })

  it("seeds South Africa's public holidays of 2026 and 2027, Sunday holidays observed on Monday", async () => {
    const r = await actAs(
      db,
      ANON,
      `select to_char(holiday_date, 'YYYY-MM-DD') as holiday_date, name from public.public_holidays
       where holiday_date between '2026-01-01' and '2027-12-31' order by holiday_date`,
    )
    expect(r.ok && r.rows).toEqual([...southAfricanPublicHolidays(2026), ...southAfricanPublicHolidays(2027)])
  })

  it('a tenant sets, changes and removes exceptions of their own store', async () => {
    const added = await actAs(
      db,
      tenantA,
      `insert into public.shop_trading_exceptions (exception_date, closed, reason)
       values ('2030-03-02', true, 'Closed for stocktake') returning shop_id = ${shop('G01')} as own`,
    )
    expect(added).toMatchObject({ ok: true, rows: [{ own: true }] })
    const changed = await inRolledBack(db, async (tx, as) => {
      await as(tenantA)
      await tx.query(`insert into public.shop_trading_exceptions (exception_date, closed, reason)
                      values ('2030-03-02', true, 'Stocktake')`)
      const update = await tx.query(`update public.shop_trading_exceptions
         set closed = false, hours = '10:00 - 14:00' where exception_date = '2030-03-02'`)
      const removed = await tx.query(
        `delete from public.shop_trading_exceptions where exception_date = '2030-03-02'`,
      )
      return [update.affectedRows, removed.affectedRows]
    })
    expect(changed).toEqual([1, 1])
  })

  it("a tenant cannot set another store's exceptions, nor move their own to another store", async () => {
    const other = await actAs(
      db,
      tenantA,
      `insert into public.shop_trading_exceptions (shop_id, exception_date, closed, reason)
       values (${shop('M01')}, '2030-03-02', true, 'Closed')`,
    )
    expect(other).toMatchObject({ ok: false, code: '42501' })
    const moved = await inRolledBack(db, async (tx, as) => {
      await as(tenantA)
      await tx.query(`insert into public.shop_trading_exceptions (exception_date, closed, reason)
                      values ('2030-03-02', true, 'Stocktake')`)
      try {
        await tx.query(`update public.shop_trading_exceptions set shop_id = ${shop('M01')}
                        where exception_date = '2030-03-02'`)
        return 'moved'
      } catch (error) {
        return (error as { code?: string }).code
      }
    })
    expect(moved).toBe('42501')
    const seeded = await actAs(
      db,
      tenantA,
      `update public.shop_trading_exceptions set reason = 'Hacked' where shop_id = ${shop('G02')}`,
    )
    expect(seeded).toMatchObject({ ok: true, affected: 0 })
  })

  it('a tenant cannot add, change or remove public holidays; an admin can', async () => {
    const add = `insert into public.public_holidays (holiday_date, name) values ('2026-11-04', 'Election day')`
    expect(await actAs(db, tenantA, add)).toMatchObject({ ok: false, code: '42501' })
    expect(await actAs(db, tenantA, `update public.public_holidays set centre_closed = true`)).toMatchObject({
      ok: true,
      affected: 0,
    })
    expect(await actAs(db, tenantA, 'delete from public.public_holidays')).toMatchObject({
      ok: true,
      affected: 0,
    })
    expect(await actAs(db, admin, add)).toMatchObject({ ok: true, affected: 1 })
  })

  it("an admin sets any store's exceptions, and the audit trail records who did", async () => {
    const audited = await inRolledBack(db, async (tx, as) => {
      await as(admin)
      await tx.query(`insert into public.shop_trading_exceptions (shop_id, exception_date, closed, reason)
                      values (${shop('M01')}, '2030-04-01', true, 'Fumigation')`)
      await tx.query(
        `update public.public_holidays set centre_closed = true where holiday_date = '2026-12-25'`,
      )
      const { rows } = await tx.query<{ table_name: string; action: string; actor_email: string }>(
        `select table_name, action, actor_email from public.audit_log
         where table_name in ('shop_trading_exceptions', 'public_holidays') order by table_name`,
      )
      return rows
    })
    expect(audited).toEqual([
      { table_name: 'public_holidays', action: 'update', actor_email: DEMO.admin.email },
      { table_name: 'shop_trading_exceptions', action: 'insert', actor_email: DEMO.admin.email },
    ])
  })

  it('special hours must read HH:MM - HH:MM, and a closed day carries none', async () => {
    for (const [closed, hours] of [
      [false, 'All day'],
      [false, null],
      [true, '08:00 - 12:00'],
    ] as const) {
      const r = await actAs(
        db,
        tenantA,
        `insert into public.shop_trading_exceptions (exception_date, closed, hours) values ('2030-05-01', $1, $2)`,
        [closed, hours],
      )
      expect(r).toMatchObject({ ok: false, code: '23514' })
    }
  })

  it('stores a WhatsApp number as typed, normalised, and refuses one that is not a mobile', async () => {
    const set = await actAs(
      db,
      tenantA,
      `update public.shops set whatsapp = '+27 82 123 4567' where shop_no = 'G01' returning whatsapp`,
    )
    expect(set).toMatchObject({ ok: true, rows: [{ whatsapp: '27821234567' }] })
    const landline = await actAs(
      db,
      tenantA,
      `update public.shops set whatsapp = '011 274 5300' where shop_no = 'G01'`,
    )
    expect(landline).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Invalid whatsapp: a South African mobile number such as 082 123 4567 or +27 82 123 4567',
    })
  })

  it("a tenant cannot set another store's WhatsApp number or the centre's", async () => {
    const other = await actAs(
      db,
      tenantA,
      `update public.shops set whatsapp = '0821234567' where shop_no = 'M01'`,
    )
    expect(other).toMatchObject({ ok: true, affected: 0 })
    const centre = await actAs(
      db,
      tenantA,
      `update public.centre_settings set leasing_whatsapp = '0821234567'`,
    )
    expect(centre).toMatchObject({ ok: true, affected: 0 })
    const byAdmin = await actAs(
      db,
      admin,
      `update public.centre_settings set leasing_whatsapp = '072 555 0199' returning leasing_whatsapp`,
    )
    expect(byAdmin).toMatchObject({ ok: true, rows: [{ leasing_whatsapp: '27725550199' }] })
  })
})
