import { z } from 'zod'
import { asCaller, type Caller } from '../../database/request-scope.ts'
import type { Database, Queryable } from '../../database/types.ts'
import type { Change } from './change-feed.ts'
import type { TableInfo } from './table-columns.ts'

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`

const IndexRows = z.array(z.object({ i: z.number() }))
const PrivilegeRows = z.array(z.object({ allowed: z.boolean() }))

/**
 * Which of `changes` the caller may see, decided by PostgreSQL as that caller (RLS and grants),
 * in one read-only transaction for everyone who shares these claims:
 * - INSERT/UPDATE: the row must be selectable by the caller now AND still be exactly the version
 *   the change carries. A row that changed again before delivery is skipped (its newer change
 *   follows), so a version the caller was never allowed to see — say, before it moved from
 *   tenant B to tenant A, or while it was a draft — is never sent.
 * - DELETE: only the primary key is sent, to callers whose role may select from the table at all.
 * Any error denies (fails closed).
 */
export async function checkVisibility(
  db: Database,
  caller: Caller,
  changes: Change[],
  tables: Map<string, TableInfo>,
): Promise<Set<number>> {
  const visible = new Set<number>()
  const byTable = new Map<string, Change[]>()
  for (const change of changes) {
    const key = `${change.schema_name}.${change.table_name}`
    const list = byTable.get(key) ?? []
    list.push(change)
    byTable.set(key, list)
  }
  await asCaller(
    db,
    caller,
    async (tx) => {
      for (const [key, list] of byTable) {
        const info = tables.get(key)
        if (!info || info.primaryKey.length === 0) continue
        const { schema_name: schema, table_name: table } = list[0]
        const rows = list.filter((c) => c.type !== 'DELETE' && c.record)
        const deletes = list.filter((c) => c.type === 'DELETE')
        if (rows.length > 0) {
          for (const i of await selectableVersions(tx, schema, table, info.primaryKey, rows)) {
            visible.add(rows[i].id)
          }
        }
        if (deletes.length > 0 && (await maySelect(tx, schema, table))) {
          for (const c of deletes) visible.add(c.id)
        }
      }
    },
    { readOnly: true },
  )
  return visible
}

async function selectableVersions(
  tx: Queryable,
  schema: string,
  table: string,
  primaryKey: string[],
  changes: Change[],
): Promise<number[]> {
  const relation = `${quote(schema)}.${quote(table)}`
  const keyMatch = primaryKey.map((k) => `t.${quote(k)} = r.${quote(k)}`).join(' and ')
  // `*=` compares the stored images, so it works for every column type (json has no `=`).
  const sql = `select (x.i - 1)::int as i
    from jsonb_array_elements($1::jsonb) with ordinality as x(rec, i)
    cross join lateral jsonb_populate_record(null::${relation}, x.rec) as r
    where exists (select 1 from ${relation} as t where ${keyMatch} and t operator(pg_catalog.*=) r)`
  const result = await tx.query(sql, [JSON.stringify(changes.map((c) => c.record))])
  return IndexRows.parse(result.rows).map((row) => row.i)
}

async function maySelect(tx: Queryable, schema: string, table: string): Promise<boolean> {
  const result = await tx.query(
    `select has_table_privilege(format('%I.%I', $1::text, $2::text), 'SELECT') as allowed`,
    [schema, table],
  )
  return PrivilegeRows.parse(result.rows)[0]?.allowed === true
}
