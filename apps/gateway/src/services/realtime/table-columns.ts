import { z } from 'zod'
import type { Database } from '../../database/types.ts'

export interface TableInfo {
  /** Columns in table order with their type names (`int8`, `text`, `_text`, …), as §6.5 sends them. */
  columns: { name: string; type: string }[]
  primaryKey: string[]
  typeOf: Map<string, string>
}

const ColumnRow = z.object({ name: z.string(), type: z.string(), pk_position: z.number().nullable() })

const COLUMNS_SQL = `select a.attname::text as name, t.typname::text as type,
    array_position(i.indkey::int2[], a.attnum)::int as pk_position
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_type t on t.oid = a.atttypid
  left join pg_catalog.pg_index i on i.indrelid = a.attrelid and i.indisprimary
  where a.attrelid = to_regclass(format('%I.%I', $1::text, $2::text))
    and a.attnum > 0 and not a.attisdropped
  order by a.attnum`

/** Catalogue facts about tables, cached briefly (a migration that alters a table is seen within `ttlMs`). */
export class TableColumns {
  readonly #cache = new Map<string, { at: number; info: TableInfo | null }>()

  readonly #db: Database
  readonly #ttlMs: number

  constructor(db: Database, ttlMs = 30_000) {
    this.#db = db
    this.#ttlMs = ttlMs
  }

  /** null when the table does not exist. */
  async get(schema: string, table: string): Promise<TableInfo | null> {
    const key = `${schema}.${table}`
    const cached = this.#cache.get(key)
    if (cached && Date.now() - cached.at < this.#ttlMs) return cached.info
    const result = await this.#db.query(COLUMNS_SQL, [schema, table])
    const rows = z.array(ColumnRow).parse(result.rows)
    const info: TableInfo | null =
      rows.length === 0
        ? null
        : {
            columns: rows.map((r) => ({ name: r.name, type: r.type })),
            primaryKey: rows
              .filter((r) => r.pk_position !== null)
              .sort((a, b) => (a.pk_position ?? 0) - (b.pk_position ?? 0))
              .map((r) => r.name),
            typeOf: new Map(rows.map((r) => [r.name, r.type])),
          }
    this.#cache.set(key, { at: Date.now(), info })
    return info
  }
}
