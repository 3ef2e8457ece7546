import { z } from 'zod'
import type { Caller } from '../../database/request-scope.ts'
import type { Database } from '../../database/types.ts'
import type { Change } from './change-feed.ts'
import type { TableInfo } from './table-columns.ts'

const Rows = z.array(z.object({ caller_index: z.number(), record_index: z.number() }))

const CHECK_SQL = `select caller_index, record_index from realtime.visible_versions(
    $1::jsonb, format('%I.%I', $2::text, $3::text)::regclass, $4::jsonb, $5::boolean)`

/**
 * Which of `changes` each caller may see, decided by PostgreSQL acting as that caller: role and
 * claims are set exactly as for one of their requests (§1.4), and the table's grants and SELECT
 * policies are evaluated against the captured version itself (realtime.visible_versions, in the
 * change-capture migration). One statement per table for all callers, instead of a transaction
 * per caller: with a hundred subscribers that is the difference between milliseconds and a second.
 * - INSERT/UPDATE: a version the caller was never allowed to see (before it moved from tenant B to
 *   tenant A, or while it was a draft) is never sent; one it could see is sent even when the row
 *   has changed again since (an enquiry is inserted, then marked as mailed, within milliseconds).
 * - DELETE: only the primary key is sent, to callers whose role may select from the table at all.
 * Returns, per caller (same order as `callers`), the ids of the changes it may receive.
 */
export async function checkVisibility(
  db: Database,
  callers: Caller[],
  changes: Change[],
  tables: Map<string, TableInfo>,
): Promise<Set<number>[]> {
  const visible = callers.map(() => new Set<number>())
  const byTable = new Map<string, Change[]>()
  for (const change of changes) {
    const key = `${change.schema_name}.${change.table_name}`
    const list = byTable.get(key) ?? []
    list.push(change)
    byTable.set(key, list)
  }
  const callerJson = JSON.stringify(callers.map((c) => ({ role: c.role, claims: c.claims })))
  // One statement per table, each its own implicit transaction: the role and claims the function
  // sets are transaction-local, so they are gone when the statement ends (also on a pooled
  // connection), and no BEGIN/COMMIT round trips are spent.
  for (const [key, list] of byTable) {
    const info = tables.get(key)
    if (!info || info.primaryKey.length === 0) continue
    const { schema_name: schema, table_name: table } = list[0]
    const versions = list.filter((c) => c.type !== 'DELETE' && c.record)
    const deletes = list.filter((c) => c.type === 'DELETE')
    const result = await db.query(CHECK_SQL, [
      callerJson,
      schema,
      table,
      JSON.stringify(versions.map((c) => c.record)),
      deletes.length > 0,
    ])
    for (const { caller_index, record_index } of Rows.parse(result.rows)) {
      const allowed = visible[caller_index]
      if (!allowed) continue
      if (record_index === -1) for (const c of deletes) allowed.add(c.id)
      else if (versions[record_index]) allowed.add(versions[record_index].id)
    }
  }
  return visible
}
