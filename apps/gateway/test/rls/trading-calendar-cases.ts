import type { TableCase } from './matrix-cases.ts'

/**
 * Open now (issue 18, item 1; migration 20261128300000) in the RLS matrix: everyone reads the
 * public holidays and the exceptions of the stores they can see; admins write holidays; a store's
 * tenant and admins write its exceptions. Callers without their second factor read what a visitor
 * reads and write nothing.
 */

const shop = (shopNo: string) => `(select id from public.shops where shop_no = '${shopNo}')`

/** One exception for each demo tenant's shop and one for the unpublished shop X99, on top of the seed's two. */
export const TRADING_CALENDAR_FIXTURES = `
insert into public.shop_trading_exceptions (shop_id, exception_date, closed, reason) values
  (${shop('G01')}, '2030-01-01', true, 'Stocktake'),
  (${shop('M01')}, '2030-01-01', true, 'Stocktake'),
  ('5a000000-0000-4000-8000-000000000099', '2030-01-01', true, 'Fit-out');
`

// 27 holidays: South Africa's of 2026 and 2027 with three observed Mondays.
const HOLIDAYS = 27

export const TRADING_CALENDAR_CASES: TableCase[] = [
  {
    table: 'public_holidays',
    select: {
      anon: HOLIDAYS,
      tenantA: HOLIDAYS,
      tenantB: HOLIDAYS,
      tenantB_aal1: HOLIDAYS,
      admin: HOLIDAYS,
      admin_aal1: HOLIDAYS,
      service: HOLIDAYS,
    },
    insert: {
      sql: `insert into public.public_holidays (holiday_date, name) values ('2026-11-04', 'Local Government Elections')`,
      expect: {
        anon: 'deny',
        tenantA: 'deny',
        tenantB: 'deny',
        tenantB_aal1: 'deny',
        admin: 'allow',
        admin_aal1: 'deny',
        service: 'allow',
      },
    },
    update: {
      sql: `update public.public_holidays set centre_closed = true where holiday_date = '2026-12-25'`,
      expect: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    },
    delete: {
      sql: `delete from public.public_holidays where holiday_date = '2027-12-27'`,
      expect: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    },
  },
  {
    table: 'shop_trading_exceptions',
    // The seed's two (G02, UG03) and the fixtures' G01 and M01; X99's only for those who see X99.
    select: { anon: 4, tenantA: 4, tenantB: 4, tenantB_aal1: 4, admin: 5, admin_aal1: 4, service: 5 },
    insert: {
      // Tenant A's own shop: tenant A and admins; tenant B may not (another shop).
      sql: `insert into public.shop_trading_exceptions (shop_id, exception_date, closed, hours, reason)
            values (${shop('G01')}, '2030-02-01', false, '10:00 - 14:00', 'Half day')`,
      expect: {
        anon: 'deny',
        tenantA: 'allow',
        tenantB: 'deny',
        tenantB_aal1: 'deny',
        admin: 'allow',
        admin_aal1: 'deny',
        service: 'allow',
      },
    },
    update: {
      sql: `update public.shop_trading_exceptions set reason = 'Annual stocktake' where shop_id = ${shop('G01')}`,
      expect: { anon: 0, tenantA: 1, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    },
    delete: {
      sql: `delete from public.shop_trading_exceptions where shop_id = ${shop('M01')}`,
      expect: { anon: 0, tenantA: 0, tenantB: 1, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    },
  },
]
