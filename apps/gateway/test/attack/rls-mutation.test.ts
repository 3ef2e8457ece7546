import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Caller, setCaller } from '../../src/database/request-scope.ts'
import type { Queryable } from '../../src/database/types.ts'
import {
  CASES,
  callers,
  expectedOf,
  FIXTURES,
  OPS,
  qualified,
  runInSavepoint,
  WHO,
  type Who,
} from '../rls/matrix-cases.ts'
import { SPECIAL_B_APPROVED, SPECIAL_B_DRAFT } from '../rls/power-and-whats-on-cases.ts'
import { REQUEST_A } from '../rls/tenant-portal-cases.ts'
import { createTestDatabase, type TestDatabase } from '../support/database.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * The RLS matrix proves something only if it notices a missing rule. For every policy of the
 * public and storage schemas (permissive and restrictive alike): drop it, run the matrix cases of
 * its table, and at least one outcome must change. Then roll back. A policy whose removal no case
 * notices is a rule nothing tests: the test names it. (PGlite only: the policies are the same
 * migrations on both engines.)
 */
class Rollback extends Error {}

/**
 * Finer cases than the matrix's one-per-operation, for rules the matrix's data cannot reach: each
 * sets something up (as the owner of the tables), then acts as one caller; `expect` is the number
 * of rows returned or changed.
 */
interface Probe {
  table: string
  name: string
  setup?: string
  who: Who
  /** A database role that is no API caller (e.g. `consent_redactor`), acting instead of `who`. */
  as?: Caller
  sql: string
  expect: number
}
/** The one role that may swap an erased address for its hash in the consent ledger (decision 020). */
const CONSENT_REDACTOR: Caller = { role: 'consent_redactor', claims: {} }
const PROBES: Probe[] = [
  {
    table: 'public.shops',
    name: 'a tenant reads their own shop while it is unpublished',
    setup: `update public.shops set is_published = false where shop_no = 'G01'`,
    who: 'tenantA',
    sql: `select id from public.shops where shop_no = 'G01'`,
    expect: 1,
  },
  {
    table: 'public.shops',
    name: "a tenant does not read another tenant's unpublished shop",
    setup: `update public.shops set is_published = false where shop_no = 'G01'`,
    who: 'tenantB',
    sql: `select id from public.shops where shop_no = 'G01'`,
    expect: 0,
  },
  {
    table: 'public.shops',
    name: 'an admin without their second factor cannot delete a published shop',
    setup: `insert into public.shops (shop_no, trading_name, category, floor) values ('X98', 'Pop-up', 'Services', 'Ground')`,
    who: 'admin_aal1',
    sql: `delete from public.shops where shop_no = 'X98'`,
    expect: 0,
  },
  {
    table: 'public.shops',
    name: 'an admin with their second factor deletes it',
    setup: `insert into public.shops (shop_no, trading_name, category, floor) values ('X98', 'Pop-up', 'Services', 'Ground')`,
    who: 'admin',
    sql: `delete from public.shops where shop_no = 'X98'`,
    expect: 1,
  },
  {
    table: 'storage.objects',
    name: 'a tenant uploads a proof of payment into their own folder',
    who: 'tenantA',
    // Against one of their own unpaid statements, as the portal does.
    sql: `insert into storage.objects (bucket_id, name)
          select 'payment-proofs', tenant_id || '/rental/' || id || '/another-proof.pdf'
            from public.rental_statements
           where tenant_id = '${DEMO.tenantA.tenantId}' and status in ('issued', 'payment_submitted')
           order by period limit 1`,
    expect: 1,
  },
  {
    table: 'storage.objects',
    name: 'a tenant uploads a photo for their own maintenance request',
    who: 'tenantA',
    sql: `insert into storage.objects (bucket_id, name) values ('maintenance-photos', '${DEMO.tenantA.tenantId}/${REQUEST_A}/leak.jpg')`,
    expect: 1,
  },
  {
    table: 'public.whats_on_items',
    name: 'a tenant removes their own draft special',
    who: 'tenantB',
    sql: `delete from public.whats_on_items where id = '${SPECIAL_B_DRAFT}'`,
    expect: 1,
  },
  {
    table: 'public.whats_on_items',
    name: 'a tenant without their second factor cannot change their own draft special',
    who: 'tenantB_aal1',
    sql: `update public.whats_on_items set title = 'Changed' where id = '${SPECIAL_B_DRAFT}'`,
    expect: 0,
  },
  {
    table: 'public.whats_on_items',
    name: 'a tenant without their second factor cannot remove their own draft special',
    who: 'tenantB_aal1',
    sql: `delete from public.whats_on_items where id = '${SPECIAL_B_DRAFT}'`,
    expect: 0,
  },
  {
    // Approved and current, so visible without the second factor: only the restrictive policy
    // stops an admin who has not presented it.
    table: 'public.whats_on_items',
    name: 'an admin without their second factor cannot change a published special',
    who: 'admin_aal1',
    sql: `update public.whats_on_items set title = 'Changed' where id = '${SPECIAL_B_APPROVED}'`,
    expect: 0,
  },
  {
    table: 'public.whats_on_items',
    name: 'an admin without their second factor cannot remove a published special',
    who: 'admin_aal1',
    sql: `delete from public.whats_on_items where id = '${SPECIAL_B_APPROVED}'`,
    expect: 0,
  },
  {
    table: 'public.whats_on_items',
    name: 'an admin with their second factor changes a published special',
    who: 'admin',
    sql: `update public.whats_on_items set title = 'Changed' where id = '${SPECIAL_B_APPROVED}'`,
    expect: 1,
  },
  {
    table: 'storage.objects',
    name: "a tenant uploads an image for their own shop's special",
    who: 'tenantA',
    sql: `insert into storage.objects (bucket_id, name) values ('whats-on-images', (select id::text from public.shops where shop_no = 'G01') || '/bakery-hour.jpg')`,
    expect: 1,
  },
  {
    table: 'storage.objects',
    name: "a tenant replaces an image of their own shop's special",
    setup: `insert into storage.objects (bucket_id, name) values ('whats-on-images', (select id::text from public.shops where shop_no = 'G01') || '/bakery-hour.jpg')`,
    who: 'tenantA',
    sql: `update storage.objects set metadata = '{}' where bucket_id = 'whats-on-images'`,
    expect: 1,
  },
  {
    table: 'storage.objects',
    name: "a tenant removes an image of their own shop's special",
    setup: `insert into storage.objects (bucket_id, name) values ('whats-on-images', (select id::text from public.shops where shop_no = 'G01') || '/bakery-hour.jpg')`,
    who: 'tenantA',
    sql: `delete from storage.objects where bucket_id = 'whats-on-images'`,
    expect: 1,
  },
  {
    table: 'public.newsletter_consent_events',
    name: "the consent redactor reads the ledger's addresses",
    who: 'anon',
    as: CONSENT_REDACTOR,
    sql: `select id from public.newsletter_consent_events where email = 'anna.former@example.com'`,
    expect: 2,
  },
  {
    table: 'public.newsletter_consent_events',
    name: "the consent redactor swaps an erased address for the suppression list's hash",
    who: 'anon',
    as: CONSENT_REDACTOR,
    sql: `update public.newsletter_consent_events
             set email = null, email_hash = private.email_hash(email), ip_address = null, user_agent = null
           where email = 'anna.former@example.com'`,
    expect: 2,
  },
]

/**
 * Restrictive policies that no data can exercise today, because no permissive policy grants the
 * operation to anyone who would need the second factor: a removal changes nothing until such a
 * policy is added. Each entry is checked: if a permissive policy for that command appears, the
 * exemption no longer holds and a case must be written instead.
 */
const GUARDS_FOR_LATER: { table: string; policy: string; command: string }[] = [
  {
    table: 'public.centre_settings',
    policy: 'Two-factor users must present their second factor to delete row',
    command: 'DELETE',
  },
]

async function runProbe(tx: Queryable, probe: Probe): Promise<number | string> {
  await tx.query('savepoint probe')
  try {
    if (probe.setup) await tx.query(probe.setup)
    await setCaller(tx, probe.as ?? callers[probe.who])
    const r = await tx.query(probe.sql)
    return /^\s*select/i.test(probe.sql) ? r.rows.length : r.affectedRows
  } catch (error) {
    const e = error as { code?: string; message?: string }
    return `${e.code}: ${e.message}`
  } finally {
    await tx.query('rollback to savepoint probe')
  }
}

describe('the RLS matrix catches any single missing policy', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase('pglite', { seed: true })
    await db.exec(FIXTURES)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('fails some case for every policy dropped', { timeout: 300_000 }, async () => {
    const { rows: policies } = await db.query<{ schema: string; table: string; policy: string }>(
      `select schemaname as schema, tablename as table, policyname as policy from pg_policies
        where schemaname in ('public', 'storage') order by 1, 2, 3`,
    )
    expect(policies.length).toBeGreaterThan(20)
    const unnoticed: string[] = []
    for (const { schema, table, policy } of policies) {
      const cases = CASES.filter((c) => qualified(c.table) === `${schema}.${table}`)
      const probes = PROBES.filter((p) => p.table === `${schema}.${table}`)
      if (GUARDS_FOR_LATER.some((g) => g.table === `${schema}.${table}` && g.policy === policy)) continue
      let noticed = false
      try {
        await db.transaction(async (tx) => {
          await tx.query(`drop policy ${quoteIdent(policy)} on ${quoteIdent(schema)}.${quoteIdent(table)}`)
          outer: for (const c of cases) {
            for (const op of OPS) {
              for (const who of WHO) {
                const outcome = await runInSavepoint(tx, c, op, who, setCaller)
                if (outcome !== expectedOf(c, op, who)) {
                  noticed = true
                  break outer
                }
              }
            }
          }
          if (!noticed) {
            for (const probe of probes) {
              if ((await runProbe(tx, probe)) !== probe.expect) {
                noticed = true
                break
              }
            }
          }
          throw new Rollback()
        })
      } catch (error) {
        if (!(error instanceof Rollback)) throw error
      }
      if (!noticed) unnoticed.push(`${schema}.${table}: "${policy}"`)
    }
    expect(unnoticed).toEqual([])
  })

  it('sees the matrix hold with every policy in place (the baseline the mutations differ from)', async () => {
    const wrong: string[] = []
    await db
      .transaction(async (tx) => {
        for (const c of CASES) {
          for (const op of OPS) {
            for (const who of WHO) {
              const outcome = await runInSavepoint(tx, c, op, who, setCaller)
              if (outcome !== expectedOf(c, op, who)) wrong.push(`${c.table} ${op} ${who}: ${outcome}`)
            }
          }
        }
        for (const probe of PROBES) {
          const outcome = await runProbe(tx, probe)
          if (outcome !== probe.expect) wrong.push(`${probe.name}: ${outcome}`)
        }
        throw new Rollback()
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error
      })
    expect(wrong).toEqual([])
  })
})

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

describe('restrictive policies exempted from the mutation check', () => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await db?.close()
  })

  it('still have no permissive policy for their command that a case would have to cover', async () => {
    for (const guard of GUARDS_FOR_LATER) {
      const [schema, table] = guard.table.split('.')
      const { rows } = await db.query<{ policy: string; permissive: string; cmd: string }>(
        `select policyname as policy, permissive, cmd from pg_policies
          where schemaname = $1 and tablename = $2`,
        [schema, table],
      )
      expect(rows.map((r) => r.policy)).toContain(guard.policy)
      const permissive = rows.filter(
        (r) => r.permissive === 'PERMISSIVE' && (r.cmd === guard.command || r.cmd === 'ALL'),
      )
      expect(permissive, guard.table).toEqual([])
    }
  })
})
