import { ANON, type Caller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import type { Queryable } from '../../src/database/types.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { POWER_CASES, POWER_FIXTURES } from './power-and-whats-on-cases.ts'
import { TENANT_PORTAL_CASES, TENANT_PORTAL_FIXTURES } from './tenant-portal-cases.ts'
import { TRADING_CALENDAR_CASES, TRADING_CALENDAR_FIXTURES } from './trading-calendar-cases.ts'

/**
 * The RLS matrix of docs/product/README.md §3 and §9: for every table of the public and storage schemas and
 * every kind of caller, what each of select, insert, update and delete may do. Every case acts
 * through the same role switch and claims the gateway uses, and is rolled back afterwards.
 *
 *   select: the number of rows the caller sees (0 = hidden by RLS)
 *   insert: 'allow' or 'deny' (42501: RLS or privilege)
 *   update / delete: the number of target rows changed (0 = invisible to the caller), or 'deny'
 *
 * The callers include two who signed in with their password but did not present a second factor
 * (aal1): tenant B, who has a verified TOTP factor, and the admin, while two-factor is required for
 * every admin (the default). Unless a case says otherwise, they get exactly what a visitor gets
 * when reading and nothing when writing (see `withoutSecondFactor`).
 *
 * Other areas add their tables here (one case each); the meta-test in rls-matrix.test.ts fails
 * while a table of the public or storage schema has no case.
 */
export type Who = 'anon' | 'tenantA' | 'tenantB' | 'tenantB_aal1' | 'admin' | 'admin_aal1' | 'service'
export type WriteResult = 'allow' | 'deny'
export type Count = number | 'deny'

export interface TableCase {
  /** `schema.table`, or a bare name in the public schema. */
  table: string
  select: Record<Who, number>
  insert: { sql: string; params?: unknown[]; expect: Record<Who, WriteResult> }
  update: { sql: string; params?: unknown[]; expect: Record<Who, Count> }
  delete: { sql: string; params?: unknown[]; expect: Record<Who, Count> }
}

export const callers: Record<Who, Caller> = {
  anon: ANON,
  // Tenant A has no second factor: a password sign-in is all they have.
  tenantA: asUser(DEMO.tenantA),
  // Tenant B has a verified TOTP factor (FIXTURES): signed in with the code, and without it.
  tenantB: asUser(DEMO.tenantB, { aal: 'aal2' }),
  tenantB_aal1: asUser(DEMO.tenantB),
  admin: asUser(DEMO.admin, { aal: 'aal2' }),
  admin_aal1: asUser(DEMO.admin),
  service: SERVICE_ROLE,
}
export const WHO: Who[] = ['anon', 'tenantA', 'tenantB', 'tenantB_aal1', 'admin', 'admin_aal1', 'service']
const WITHOUT_SECOND_FACTOR = ['tenantB_aal1', 'admin_aal1'] as const

type Given<T> = Omit<Record<Who, T>, (typeof WITHOUT_SECOND_FACTOR)[number]>
const all = <T>(v: T): Given<T> => ({ anon: v, tenantA: v, tenantB: v, admin: v, service: v })
const adminOnly = <T>(yes: T, no: T): Given<T> => ({ ...all(no), admin: yes, service: yes })
const serviceOnly = <T>(yes: T, no: T): Given<T> => ({ ...all(no), service: yes })

/**
 * A case whose callers without their second factor get the visitor's reads and no writes, unless
 * `aal1` says otherwise.
 */
function withoutSecondFactor(c: {
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

export const STATEMENT_A = `${DEMO.tenantA.tenantId}/2026-10.pdf`
/** Tenant A's rental statement of this month (issued and unpaid in the demo seed), given a known id. */
export const RENTAL_THIS_MONTH_A = '5e000000-0000-4000-8000-00000000000a'
export const STATEMENT_B = `${DEMO.tenantB.tenantId}/2026-10.pdf`
const shopFolder = (shopNo: string) => `(select id::text from public.shops where shop_no = '${shopNo}')`

// Fixtures added on top of the demo seed (as the superuser) so that every case has a target.
export const FIXTURES = `
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
  ('statements', '${STATEMENT_A}'),
  ('statements', '${STATEMENT_B}'),
  ('shop-logos', ${shopFolder('M01')} || '/logo.png');
-- Each statement file belongs to that tenant's issued statement of this month (a tenant reads only
-- the files of their own issued statements), and tenant B has one rental draft.
update public.rental_statements set file_path = '${STATEMENT_A}', id = '${RENTAL_THIS_MONTH_A}'
  where tenant_id = '${DEMO.tenantA.tenantId}' and period = date_trunc('month', now())::date;
update public.rental_statements set file_path = '${STATEMENT_B}'
  where tenant_id = '${DEMO.tenantB.tenantId}' and period = date_trunc('month', now())::date;
insert into public.rental_statements (tenant_id, period, amount_due)
  values ('${DEMO.tenantB.tenantId}', '2030-01-01', 100);
-- One entry of the audit trail (written directly by the owner: fixtures run without a caller,
-- so the audit triggers do not record them).
insert into public.audit_log (actor_id, actor_email, actor_role, table_name, record_id, action, new_data)
  values ('${DEMO.admin.id}', '${DEMO.admin.email}', 'authenticated', 'shops', 'X99', 'insert', '{}');
-- One account action done for the former tenant (issue 13, item 4).
insert into public.tenant_account_actions (tenant_id, action, status)
  values ('7e000000-0000-4000-8000-0000000000ff', 'invite', 'done');
-- One data-subject erasure (issue 20), as its function records it.
insert into public.privacy_erasures (subject_hash, subject_kind, reason, summary)
  values (repeat('0', 64), 'email', 'Fixture erasure', '{}');
-- One recorded security compromise (issue 20, item 5).
insert into public.security_compromises (title, description, discovered_at)
  values ('Lost laptop', 'A laptop with the tenant list was stolen from a car.', now());
-- Tenant B has turned two-factor sign-in on.
insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
  values ('${DEMO.tenantB.id}', 'Phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP');
${TENANT_PORTAL_FIXTURES}
${TRADING_CALENDAR_FIXTURES}
${POWER_FIXTURES}`

const MONITORING = (table: string, insertSql: string): TableCase =>
  withoutSecondFactor({
    table,
    select: { ...all(0), admin: 1, service: 1 },
    insert: { sql: insertSql, expect: serviceOnly('allow', 'deny') },
    update: { sql: `update public.${table} set created_at = now()`, expect: serviceOnly(1, 0) },
    delete: { sql: `delete from public.${table}`, expect: serviceOnly(1, 0) },
  })

export const CASES: TableCase[] = [
  withoutSecondFactor({
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
  }),
  withoutSecondFactor({
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
  }),
  withoutSecondFactor({
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
  }),
  withoutSecondFactor({
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
  }),
  withoutSecondFactor({
    table: 'rental_statements',
    // Tenant B's draft (FIXTURES) is seen by admins only.
    select: { anon: 0, tenantA: 3, tenantB: 3, admin: 7, service: 7 },
    insert: {
      sql: `insert into public.rental_statements (tenant_id, period, amount_due) values ($1, '2020-01-01', 10)`,
      params: [DEMO.tenantA.tenantId],
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      // Issued statements keep their content (statement-rules.test.ts); the due date may move.
      sql: `update public.rental_statements set due_date = due_date + 1 where tenant_id = $1`,
      params: [DEMO.tenantA.tenantId],
      expect: adminOnly(3, 0),
    },
    delete: {
      // Only a draft is ever deleted (issued ones are refused: statement-rules.test.ts).
      sql: `delete from public.rental_statements where tenant_id = $1 and status = 'draft'`,
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly(1, 0),
    },
  }),
  withoutSecondFactor({
    table: 'utility_statements',
    // This month's utility statements are drafts: tenants see only the two issued ones.
    select: { anon: 0, tenantA: 2, tenantB: 2, admin: 6, service: 6 },
    insert: {
      sql: `insert into public.utility_statements (tenant_id, period) values ($1, '2020-01-01')`,
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.utility_statements set due_date = due_date + 1 where tenant_id = $1`,
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly(3, 0),
    },
    delete: {
      sql: `delete from public.utility_statements where tenant_id = $1 and status = 'draft'`,
      params: [DEMO.tenantB.tenantId],
      expect: adminOnly(1, 0),
    },
  }),
  withoutSecondFactor({
    table: 'newsletters',
    // The seed's draft and the issue sent in supabase/seed/60-newsletter-consent.sql.
    select: { ...all(0), admin: 2, service: 2 },
    insert: {
      sql: `insert into public.newsletters (subject) values ('Hi')`,
      expect: adminOnly('allow', 'deny'),
    },
    // A sent issue no longer changes (newsletter-rules.test.ts): the drafts are what may be edited.
    update: {
      sql: `update public.newsletters set subject = 'Changed' where status = 'draft'`,
      expect: adminOnly(1, 0),
    },
    delete: { sql: `delete from public.newsletters where status = 'draft'`, expect: adminOnly(1, 0) },
  }),
  withoutSecondFactor({
    table: 'newsletter_subscribers',
    // Two confirmed, one pending, one unsubscribed (seed.sql and supabase/seed/60-newsletter-consent.sql).
    select: { ...all(0), admin: 4, service: 4 },
    insert: {
      // Only the newsletter function (service role) adds subscribers: not even admins.
      sql: `insert into public.newsletter_subscribers (email, consent_text) values ('new@example.com', 'yes')`,
      expect: serviceOnly('allow', 'deny'),
    },
    update: {
      sql: `update public.newsletter_subscribers set status = 'unsubscribed'`,
      expect: adminOnly(4, 0),
    },
    delete: {
      sql: `delete from public.newsletter_subscribers s where not exists
              (select 1 from public.newsletter_deliveries d where d.subscriber_id = s.id)`,
      expect: adminOnly(2, 0),
    },
  }),
  {
    // The consent ledger: admins (aal2) read it; nobody writes it directly, nobody changes it.
    table: 'newsletter_consent_events',
    select: { ...all(0), tenantB_aal1: 0, admin_aal1: 0, admin: 7, service: 7 },
    insert: {
      sql: `insert into public.newsletter_consent_events (subscriber_id, email, event, source, wording)
            values (gen_random_uuid(), 'forged@example.com', 'opt_in_confirmed', 'forged', 'yes')`,
      expect: { ...all('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    update: {
      sql: `update public.newsletter_consent_events set wording = 'changed'`,
      expect: { ...all('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    delete: {
      sql: 'delete from public.newsletter_consent_events',
      expect: { ...all('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
  {
    // Deliveries: admins (aal2) read them; only the sending worker (service role) moves them along.
    table: 'newsletter_deliveries',
    select: { ...all(0), tenantB_aal1: 0, admin_aal1: 0, admin: 2, service: 2 },
    insert: {
      sql: `insert into public.newsletter_deliveries (newsletter_id, email)
            select id, 'extra@example.com' from public.newsletters limit 1`,
      expect: { ...all('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    update: {
      sql: `update public.newsletter_deliveries set status = 'sent'`,
      expect: { ...all('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny', service: 2 },
    },
    delete: {
      sql: 'delete from public.newsletter_deliveries',
      expect: { ...all('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
  withoutSecondFactor({
    table: 'enquiries',
    select: { ...all(0), admin: 1, service: 1 },
    insert: {
      sql: `insert into public.enquiries (kind, name, email) values ('contact', 'Bot', 'bot@example.com')`,
      expect: serviceOnly('allow', 'deny'),
    },
    update: { sql: 'update public.enquiries set handled_at = now()', expect: adminOnly(1, 0) },
    // Nothing a visitor sent is ever deleted through the API.
    delete: { sql: 'delete from public.enquiries', expect: serviceOnly(1, 0) },
  }),
  MONITORING('analytics_events', `insert into public.analytics_events (name) values ('x')`),
  MONITORING('monitoring_errors', `insert into public.monitoring_errors (message) values ('x')`),
  MONITORING('monitoring_metrics', `insert into public.monitoring_metrics (name, value) values ('x', 1)`),
  MONITORING('monitoring_actions', `insert into public.monitoring_actions (action) values ('x')`),
  {
    // Append-only (issue 13, item 9): admins with their second factor read it; nobody writes,
    // changes or removes it through the API, the service role included (grants: select only).
    table: 'audit_log',
    select: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    insert: {
      sql: `insert into public.audit_log (actor_role, table_name, action) values ('forged', 'shops', 'delete')`,
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    update: {
      sql: `update public.audit_log set actor_email = 'someone@else.example'`,
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    delete: {
      sql: 'delete from public.audit_log',
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
  {
    // Tenant portal accounts (issue 13, item 4): admins with their second factor read the history;
    // requests are recorded only by public.begin_tenant_account_action (security definer) and
    // completed by the service role; nobody deletes them.
    table: 'tenant_account_actions',
    select: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    insert: {
      sql: `insert into public.tenant_account_actions (tenant_id, action) values ('7e000000-0000-4000-8000-0000000000ff', 'deactivate')`,
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    update: {
      sql: `update public.tenant_account_actions set status = 'failed'`,
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny', service: 1 },
    },
    delete: {
      sql: 'delete from public.tenant_account_actions',
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
  {
    // Data-subject erasures (issue 20): admins with their second factor read them; rows arrive
    // only through public.privacy_erase_person (no write grants).
    table: 'privacy_erasures',
    select: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    insert: {
      sql: `insert into public.privacy_erasures (subject_hash, subject_kind, reason, summary) values ('x', 'email', 'Forged entry', '{}')`,
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    update: {
      sql: `update public.privacy_erasures set reason = 'Rewritten reason'`,
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    delete: {
      sql: 'delete from public.privacy_erasures',
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
  {
    // The security compromise register (issue 20, item 5): admins with their second factor record,
    // read and update incidents; nobody deletes one, the service role included.
    table: 'security_compromises',
    select: { anon: 0, tenantA: 0, tenantB: 0, tenantB_aal1: 0, admin: 1, admin_aal1: 0, service: 1 },
    insert: {
      sql: `insert into public.security_compromises (title, description, discovered_at) values ('Phishing', 'A phishing mail reached the office.', now())`,
      expect: {
        ...all('deny' as const),
        admin: 'allow',
        service: 'allow',
        tenantB_aal1: 'deny',
        admin_aal1: 'deny',
      },
    },
    update: {
      sql: `update public.security_compromises set status = 'closed'`,
      expect: { ...all(0), anon: 'deny', admin: 1, service: 1, tenantB_aal1: 0, admin_aal1: 0 },
    },
    delete: {
      sql: 'delete from public.security_compromises',
      expect: { ...all('deny' as const), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
  withoutSecondFactor({
    table: 'storage.buckets',
    // shop-logos, floor-plans, statements, payment-proofs, maintenance-photos, whats-on-images
    select: all(6),
    insert: {
      sql: `insert into storage.buckets (id, name) values ('centre-media', 'centre-media')`,
      expect: adminOnly('allow', 'deny'),
    },
    update: {
      sql: `update storage.buckets set file_size_limit = 1024 where id = 'shop-logos'`,
      expect: adminOnly(1, 0),
    },
    // floor-plans holds no file in the fixtures, so nothing else stops its deletion.
    delete: { sql: `delete from storage.buckets where id = 'floor-plans'`, expect: adminOnly(1, 0) },
  }),
  withoutSecondFactor({
    table: 'storage.objects',
    // Two statements (private, one per tenant), tenant B's shop logo (public), tenant A's proof of
    // payment and a photo of tenant B's maintenance request (both private).
    select: { anon: 1, tenantA: 3, tenantB: 3, admin: 5, service: 5 },
    insert: {
      // A logo in tenant A's own shop folder: tenant A and the admins, nobody else.
      sql: `insert into storage.objects (bucket_id, name) values ('shop-logos', ${shopFolder('G01')} || '/logo.png')`,
      expect: { anon: 'deny', tenantA: 'allow', tenantB: 'deny', admin: 'allow', service: 'allow' },
    },
    update: {
      sql: `update storage.objects set metadata = '{}' where bucket_id = 'shop-logos'`,
      expect: { anon: 0, tenantA: 0, tenantB: 1, admin: 1, service: 1 },
    },
    delete: {
      sql: `delete from storage.objects where bucket_id = 'shop-logos'`,
      expect: { anon: 0, tenantA: 0, tenantB: 1, admin: 1, service: 1 },
    },
  }),
  ...TENANT_PORTAL_CASES,
  ...TRADING_CALENDAR_CASES,
  ...POWER_CASES,
  {
    // Payments (issue 14, migration 20261124400000): admins with their second factor record them;
    // each tenant reads their own (the demo seed pays one rental and one utility statement each);
    // nobody changes or removes one through the API, the service role included (append-only).
    table: 'statement_payments',
    select: { anon: 0, tenantA: 2, tenantB: 2, tenantB_aal1: 0, admin: 4, admin_aal1: 0, service: 4 },
    insert: {
      sql: `insert into public.statement_payments (statement_kind, rental_statement_id, amount, paid_on, reference)
            values ('rental', $1, 100, current_date, 'EFT G01')`,
      params: [RENTAL_THIS_MONTH_A],
      expect: { ...adminOnly<WriteResult>('allow', 'deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    update: {
      sql: `update public.statement_payments set amount = 1`,
      expect: { ...all<Count>('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
    delete: {
      sql: 'delete from public.statement_payments',
      expect: { ...all<Count>('deny'), tenantB_aal1: 'deny', admin_aal1: 'deny' },
    },
  },
]

export type Op = 'select' | 'insert' | 'update' | 'delete'
export const OPS: Op[] = ['select', 'insert', 'update', 'delete']

/** The qualified name of a case's table. */
export const qualified = (table: string) => (table.includes('.') ? table : `public.${table}`)

/** What a case's operation looks like to `who`, in the matrix's terms; null when it matched none. */
export function outcomeOf(
  op: Op,
  result: { ok: true; rows: unknown[]; affected: number } | { ok: false; code: string; message: string },
): number | WriteResult | string {
  if (op === 'select') return result.ok ? result.rows.length : `${result.code}: ${result.message}`
  if (op === 'insert') {
    if (result.ok) return 'allow'
    if (result.code === '42501') return 'deny'
    // Passing RLS and then meeting a unique constraint is not a permission denial.
    if (result.code === '23505') return 'allow'
    return `${result.code}: ${result.message}`
  }
  if (result.ok) return result.affected
  return result.code === '42501' ? 'deny' : `${result.code}: ${result.message}`
}

/** The statement and parameters of one operation of a case. */
export function statementOf(c: TableCase, op: Op): { sql: string; params: unknown[] } {
  if (op === 'select') return { sql: `select * from ${qualified(c.table)}`, params: [] }
  return { sql: c[op].sql, params: c[op].params ?? [] }
}

/** The expected outcome of one operation of a case for `who`. */
export function expectedOf(c: TableCase, op: Op, who: Who): number | WriteResult {
  return op === 'select' ? c.select[who] : c[op].expect[who]
}

/**
 * Runs one operation of a case as `who` inside an open transaction, in a savepoint that is rolled
 * back afterwards (role and claims included), and returns its outcome in the matrix's terms.
 */
export async function runInSavepoint(
  tx: Queryable,
  c: TableCase,
  op: Op,
  who: Who,
  setCaller: (tx: Queryable, caller: Caller) => Promise<void>,
): Promise<number | WriteResult | string> {
  const { sql, params } = statementOf(c, op)
  await tx.query('savepoint matrix_case')
  let result: { ok: true; rows: unknown[]; affected: number } | { ok: false; code: string; message: string }
  try {
    await setCaller(tx, callers[who])
    const r = await tx.query(sql, params)
    result = { ok: true, rows: r.rows, affected: r.affectedRows }
  } catch (error) {
    const e = error as { code?: string; message?: string }
    result = { ok: false, code: e.code ?? 'unknown', message: e.message ?? String(error) }
  }
  await tx.query('rollback to savepoint matrix_case')
  return outcomeOf(op, result)
}
