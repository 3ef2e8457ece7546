import type { Count, TableCase, WriteResult } from './matrix-cases.ts'

/**
 * Power status (issue 18, item 2; migration 20261128400000) in the RLS matrix, on top of the demo
 * seed (supabase/seed/83-power-and-whats-on.sql: one report of the centre) and POWER_FIXTURES
 * (one report of tenant B's shop). Everyone reads every report, also without a second factor;
 * writes need it once enrolled; nobody rewrites or removes a report (the service role aside).
 */
const shop = (shopNo: string) => `(select id from public.shops where shop_no = '${shopNo}')`

export const POWER_FIXTURES = `
insert into public.power_statuses (shop_id, state, note) values (${shop('M01')}, 'limited', 'Card machines only');
`

export const POWER_CASES: TableCase[] = [
  {
    table: 'power_statuses',
    select: { anon: 2, tenantA: 2, tenantB: 2, tenantB_aal1: 2, admin: 2, admin_aal1: 2, service: 2 },
    insert: {
      // Tenant A's shop (G01): tenant A, the admins and the service role; not tenant B, not a visitor.
      sql: `insert into public.power_statuses (shop_id, state) values (${shop('G01')}, 'closed')`,
      expect: {
        anon: 'deny',
        tenantA: 'allow',
        tenantB: 'deny',
        tenantB_aal1: 'deny',
        admin: 'allow',
        admin_aal1: 'deny',
        service: 'allow',
      } satisfies Record<string, WriteResult>,
    },
    update: {
      sql: `update public.power_statuses set state = 'closed' where shop_id is not null`,
      expect: {
        anon: 'deny',
        tenantA: 'deny',
        tenantB: 'deny',
        tenantB_aal1: 'deny',
        admin: 'deny',
        admin_aal1: 'deny',
        service: 1,
      } satisfies Record<string, Count>,
    },
    delete: {
      sql: 'delete from public.power_statuses',
      expect: {
        anon: 'deny',
        tenantA: 'deny',
        tenantB: 'deny',
        tenantB_aal1: 'deny',
        admin: 'deny',
        admin_aal1: 'deny',
        service: 2,
      } satisfies Record<string, Count>,
    },
  },
]
