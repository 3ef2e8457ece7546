import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON, asCaller, type Caller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'

const TABLES = ['analytics_events', 'monitoring_errors', 'monitoring_metrics', 'monitoring_actions'] as const

/** One row per monitoring table, each naming tenant A where the table has a tenant column. */
const INSERTS: Record<(typeof TABLES)[number], string> = {
  analytics_events: `insert into public.analytics_events (name, tenant_id) values ('page_view', '${DEMO.tenantA.tenantId}')`,
  monitoring_errors: `insert into public.monitoring_errors (message, tenant_id) values ('boom', '${DEMO.tenantA.tenantId}')`,
  monitoring_metrics: `insert into public.monitoring_metrics (name, value, tenant_id) values ('lcp', 1200, '${DEMO.tenantA.tenantId}')`,
  monitoring_actions: `insert into public.monitoring_actions (action) values ('logout')`,
}

describe.each(drivers)('who may read the monitoring tables, on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await asCaller(db, SERVICE_ROLE, async (tx) => {
      for (const table of TABLES) await tx.query(INSERTS[table])
    })
  })
  afterAll(async () => {
    await db?.close()
  })

  const rowsSeenBy = (caller: Caller, table: string) =>
    asCaller(db, caller, async (tx) => (await tx.query(`select * from public.${table}`)).rows.length, {
      readOnly: true,
    })

  describe.each(TABLES)('%s', (table) => {
    it('an admin reads every row', async () => {
      expect(await rowsSeenBy(asUser(DEMO.admin, { aal: 'aal2' }), table)).toBe(1)
    })

    it('a visitor without a session reads nothing', async () => {
      expect(await rowsSeenBy(ANON, table)).toBe(0)
    })

    it('a tenant reads nothing, not even rows that name their own tenancy', async () => {
      expect(await rowsSeenBy(asUser(DEMO.tenantA), table)).toBe(0)
    })

    it('neither a visitor nor a tenant can write rows directly, only the ingestion API can', async () => {
      for (const caller of [ANON, asUser(DEMO.tenantA)]) {
        await expect(asCaller(db, caller, (tx) => tx.query(INSERTS[table]))).rejects.toThrow(
          /row-level security/,
        )
      }
      expect(await rowsSeenBy(asUser(DEMO.admin, { aal: 'aal2' }), table)).toBe(1)
    })
  })
})
