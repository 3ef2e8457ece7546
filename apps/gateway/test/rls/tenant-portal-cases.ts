import { DEMO } from '../support/tokens.ts'
import type { Count, TableCase, Who, WriteResult } from './matrix-cases.ts'

/**
 * The tenant portal's tables in the RLS matrix (issue 12, migration 20261123300000; the demo rows
 * of supabase/seed/20-tenant-portal.sql): the callers without their second factor get a visitor's
 * reads (nothing) and no writes, as everywhere else.
 */

const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId
export const REQUEST_A = '3a000000-0000-4000-8000-00000000000a'
export const REQUEST_B = '3a000000-0000-4000-8000-00000000000b'
/** Addressed to every shop and read by nobody yet. */
export const NOTICE_ALL_UNREAD = '40000000-0000-4000-8000-000000000002'
/** Addressed only to tenant A's shop (G01). */
export const NOTICE_FOR_A = '40000000-0000-4000-8000-000000000003'
/** Addressed only to tenant B's shop (M01). */
export const NOTICE_FOR_B = '40000000-0000-4000-8000-000000000004'
export const PROOF_OBJECT_A = 'b0000000-0000-4000-8000-00000000000a'

/** Tenant A's last-month rental statement: issued and unpaid in the demo seed. */
export const ISSUED_RENTAL_A = `(select id::text from public.rental_statements
  where tenant_id = '${A}' and status = 'issued' order by period limit 1)`

// One proof of payment of tenant A (which marks that statement 'payment_submitted') and one photo
// of tenant B's request, added as the superuser on top of the seed.
export const TENANT_PORTAL_FIXTURES = `
insert into storage.objects (id, bucket_id, name) values
  ('${PROOF_OBJECT_A}', 'payment-proofs', '${A}/rental/' || ${ISSUED_RENTAL_A} || '/proof.pdf'),
  ('b0000000-0000-4000-8000-00000000000b', 'maintenance-photos', '${B}/${REQUEST_B}/light.jpg');
`

type Given<T> = Omit<Record<Who, T>, 'tenantB_aal1' | 'admin_aal1'>
const none = <T>(v: T): Given<T> => ({ anon: v, tenantA: v, tenantB: v, admin: v, service: v })

function aal2Only(c: {
  table: string
  select: Given<number>
  insert: { sql: string; params?: unknown[]; expect: Given<WriteResult> }
  update: { sql: string; params?: unknown[]; expect: Given<Count> }
  delete: { sql: string; params?: unknown[]; expect: Given<Count> }
}): TableCase {
  const fill = <T>(given: Given<T>, value: T): Record<Who, T> => ({
    ...given,
    tenantB_aal1: value,
    admin_aal1: value,
  })
  return {
    table: c.table,
    select: fill(c.select, c.select.anon),
    insert: { ...c.insert, expect: fill(c.insert.expect, 'deny') },
    update: { ...c.update, expect: fill(c.update.expect, 0) },
    delete: { ...c.delete, expect: fill(c.delete.expect, 0) },
  }
}

export const TENANT_PORTAL_CASES: TableCase[] = [
  aal2Only({
    table: 'notices',
    // Two to every shop, one to each demo tenant's shop only.
    select: { anon: 0, tenantA: 3, tenantB: 3, admin: 4, service: 4 },
    insert: {
      sql: `insert into public.notices (title, body) values ('Water off', 'Water is off on Monday morning.')`,
      expect: { ...none<WriteResult>('deny'), admin: 'allow', service: 'allow' },
    },
    update: {
      sql: `update public.notices set title = 'Changed'`,
      expect: { ...none<Count>(0), admin: 4, service: 4 },
    },
    delete: {
      sql: 'delete from public.notices where id = $1',
      params: [NOTICE_FOR_B],
      expect: { ...none<Count>(0), admin: 1, service: 1 },
    },
  }),
  aal2Only({
    table: 'notice_receipts',
    // Tenant A has read one notice.
    select: { anon: 0, tenantA: 1, tenantB: 0, admin: 1, service: 1 },
    insert: {
      // Tenant A marks a notice to every shop as read: only tenant A (and the service role).
      sql: 'insert into public.notice_receipts (notice_id, tenant_id) values ($1, $2)',
      params: [NOTICE_ALL_UNREAD, A],
      expect: { ...none<WriteResult>('deny'), tenantA: 'allow', service: 'allow' },
    },
    update: {
      sql: 'update public.notice_receipts set read_at = now()',
      expect: { ...none<Count>(0), service: 1 },
    },
    delete: { sql: 'delete from public.notice_receipts', expect: { ...none<Count>(0), service: 1 } },
  }),
  aal2Only({
    table: 'payment_proofs',
    select: { anon: 0, tenantA: 1, tenantB: 0, admin: 1, service: 1 },
    insert: {
      // Only the storage trigger writes proofs: the service role passes RLS and meets the
      // one-row-per-file constraint.
      sql: `insert into public.payment_proofs (object_id, tenant_id, statement_kind, rental_statement_id, object_path)
            values ($1, $2, 'rental', ${ISSUED_RENTAL_A}::uuid, 'x')`,
      params: [PROOF_OBJECT_A, A],
      expect: { ...none<WriteResult>('deny'), service: 'allow' },
    },
    update: {
      sql: 'update public.payment_proofs set created_at = now()',
      expect: { ...none<Count>(0), service: 1 },
    },
    delete: { sql: 'delete from public.payment_proofs', expect: { ...none<Count>(0), service: 1 } },
  }),
  aal2Only({
    table: 'maintenance_requests',
    select: { anon: 0, tenantA: 1, tenantB: 1, admin: 2, service: 2 },
    insert: {
      // A request for tenant A's shop: tenant A and the admins; tenant B may not log it for them.
      sql: `insert into public.maintenance_requests (tenant_id, shop_id, category, description)
            values ($1, (select id from public.shops where shop_no = 'G01'), 'plumbing', 'The tap in the kitchen drips all day.')`,
      params: [A],
      expect: { anon: 'deny', tenantA: 'allow', tenantB: 'deny', admin: 'allow', service: 'allow' },
    },
    update: {
      // Tenants do not move their own requests on.
      sql: `update public.maintenance_requests set status = 'in_progress' where tenant_id = $1`,
      params: [A],
      expect: { ...none<Count>(0), admin: 1, service: 1 },
    },
    delete: {
      sql: 'delete from public.maintenance_requests where tenant_id = $1',
      params: [B],
      expect: { ...none<Count>(0), admin: 1, service: 1 },
    },
  }),
  aal2Only({
    table: 'maintenance_request_events',
    // Tenant A's request: received, then scheduled; tenant B's: received.
    select: { anon: 0, tenantA: 2, tenantB: 1, admin: 3, service: 3 },
    insert: {
      // The history is written by the status trigger only: not even admins forge it.
      sql: `insert into public.maintenance_request_events (request_id, tenant_id, status) values ($1, $2, 'resolved')`,
      params: [REQUEST_A, A],
      expect: { ...none<WriteResult>('deny'), service: 'allow' },
    },
    update: {
      sql: `update public.maintenance_request_events set note = 'Rewritten'`,
      expect: { ...none<Count>(0), service: 3 },
    },
    delete: {
      sql: 'delete from public.maintenance_request_events',
      expect: { ...none<Count>(0), service: 3 },
    },
  }),
  aal2Only({
    table: 'maintenance_comments',
    select: { anon: 0, tenantA: 1, tenantB: 0, admin: 1, service: 1 },
    insert: {
      // A comment on tenant A's request: tenant A and the admins.
      sql: `insert into public.maintenance_comments (request_id, body) values ($1, 'Thank you, the door will be open.')`,
      params: [REQUEST_A],
      expect: { anon: 'deny', tenantA: 'allow', tenantB: 'deny', admin: 'allow', service: 'allow' },
    },
    update: {
      sql: `update public.maintenance_comments set body = 'Edited'`,
      expect: { ...none<Count>(0), service: 1 },
    },
    delete: { sql: 'delete from public.maintenance_comments', expect: { ...none<Count>(0), service: 1 } },
  }),
]
