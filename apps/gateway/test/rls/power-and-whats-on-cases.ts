import type { Count, TableCase, WriteResult } from './matrix-cases.ts'

/**
 * Power status and what's on (issue 18, items 2 and 4; migrations 20261128400000 and
 * 20261128400100) in the RLS matrix.
 *
 * Power status, on top of the demo
 * seed (supabase/seed/83-power-and-whats-on.sql: one report of the centre) and POWER_FIXTURES
 * (one report of tenant B's shop). Everyone reads every report, also without a second factor;
 * writes need it once enrolled; nobody rewrites or removes a report (the service role aside).
 */
const shop = (shopNo: string) => `(select id from public.shops where shop_no = '${shopNo}')`

/** The seed's what's-on items (supabase/seed/83-power-and-whats-on.sql). */
export const EVENT_CURRENT = '9e000000-0000-4000-8000-000000000001'
export const SPECIAL_B_APPROVED = '9e000000-0000-4000-8000-000000000002'
export const SPECIAL_A_SUBMITTED = '9e000000-0000-4000-8000-000000000003'
export const EVENT_ENDED = '9e000000-0000-4000-8000-000000000004'
/** Tenant B's draft, added by the fixtures. */
export const SPECIAL_B_DRAFT = '9e000000-0000-4000-8000-000000000005'

export const POWER_FIXTURES = `
insert into public.power_statuses (shop_id, state, note) values (${shop('M01')}, 'limited', 'Card machines only');
insert into public.whats_on_items (id, kind, shop_id, title, body, starts_at, ends_at)
  values ('${SPECIAL_B_DRAFT}', 'special', ${shop('M01')}, 'Muffin Monday', 'A free muffin with every large coffee.',
    now(), now() + interval '3 days');
`

export const POWER_CASES: TableCase[] = [
  {
    // The public sees the current event and tenant B's approved special; each tenant also their own
    // shop's unapproved ones; the ended event only admins and the service role.
    table: 'whats_on_items',
    select: { anon: 2, tenantA: 3, tenantB: 3, tenantB_aal1: 2, admin: 5, admin_aal1: 2, service: 5 },
    insert: {
      sql: `insert into public.whats_on_items (kind, shop_id, title, body, starts_at, ends_at, status)
            values ('special', ${shop('G01')}, 'Bakery hour', 'Half price rolls.', now(), now() + interval '1 day', 'submitted')`,
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
      sql: `update public.whats_on_items set title = 'Changed' where id = '${SPECIAL_A_SUBMITTED}'`,
      expect: { anon: 0, tenantA: 1, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    },
    delete: {
      sql: `delete from public.whats_on_items where id = '${EVENT_ENDED}'`,
      expect: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    },
  },
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
