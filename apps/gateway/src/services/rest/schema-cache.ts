import { z } from 'zod'
import type { Database } from '../../database/types.ts'

/**
 * What the REST service knows about the exposed schemas, read from the catalogue. Every identifier
 * that reaches SQL (schema, table, column, relationship, function, type) comes from here, never
 * from the request.
 */
export interface Column {
  name: string
  /** `format_type()` of the column, e.g. `numeric(10,2)`, `text[]`. */
  type: string
  /** The type's own name in pg_type (`numeric`, `_text`, `tsvector`). */
  typeName: string
  nullable: boolean
  /** The column DEFAULT as SQL text from the catalogue, or null. */
  defaultSql: string | null
  generated: boolean
}

export interface Table {
  schema: string
  name: string
  isView: boolean
  columns: Map<string, Column>
  primaryKey: string[]
}

export interface ForeignKey {
  name: string
  schema: string
  table: string
  columns: string[]
  refSchema: string
  refTable: string
  refColumns: string[]
}

export interface FunctionArg {
  name: string
  type: string
  hasDefault: boolean
}

export interface DbFunction {
  schema: string
  name: string
  args: FunctionArg[]
  /** `format_type()` of the return type (element type for SETOF). */
  returnType: string
  returnsSet: boolean
  /** Columns when the function returns rows (a table type or `returns table (…)`), else null. */
  returnColumns: Column[] | null
  /** The table whose rows the function returns, for embedding from its result. */
  returnTable: { schema: string; name: string } | null
  isVoid: boolean
  volatile: boolean
}

export interface Schema {
  schemas: string[]
  tables: Map<string, Table>
  foreignKeys: ForeignKey[]
  functions: Map<string, DbFunction[]>
  /** Type names a `::cast` may name (pg_catalog and exposed schemas). */
  types: Set<string>
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`

const ColumnRow = z.object({
  schema: z.string(),
  table: z.string(),
  kind: z.string(),
  column: z.string().nullable(),
  type: z.string().nullable(),
  type_name: z.string().nullable(),
  not_null: z.boolean().nullable(),
  default_sql: z.string().nullable(),
  generated: z.boolean().nullable(),
  pk: z.array(z.string()).nullable(),
})

const FkRow = z.object({
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  columns: z.array(z.string()),
  ref_schema: z.string(),
  ref_table: z.string(),
  ref_columns: z.array(z.string()),
})

const FnRow = z.object({
  schema: z.string(),
  name: z.string(),
  arg_names: z.array(z.string().nullable()).nullable(),
  arg_types: z.array(z.string()).nullable(),
  arg_modes: z.array(z.string()).nullable(),
  in_count: z.number(),
  default_count: z.number(),
  return_type: z.string(),
  return_type_name: z.string(),
  returns_set: z.boolean(),
  return_relation: z.string().nullable(),
  return_relation_schema: z.string().nullable(),
  volatile: z.boolean(),
})

// One statement per catalogue area; all three run in one read-only transaction.
const COLUMNS_SQL = `
select n.nspname as schema, c.relname as table, c.relkind::text as kind,
  a.attname as column, format_type(a.atttypid, a.atttypmod) as type, t.typname as type_name,
  a.attnotnull as not_null, pg_get_expr(d.adbin, d.adrelid) as default_sql,
  (a.attgenerated <> '' or a.attidentity = 'a') as generated,
  (select array_agg(pa.attname::text order by k.ord)
     from pg_constraint pk
     cross join lateral unnest(pk.conkey) with ordinality as k(attnum, ord)
     join pg_attribute pa on pa.attrelid = pk.conrelid and pa.attnum = k.attnum
     where pk.conrelid = c.oid and pk.contype = 'p') as pk
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
left join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')
order by n.nspname, c.relname, a.attnum`

const FKS_SQL = `
select con.conname as name, n.nspname as schema, c.relname as table,
  (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
  rn.nspname as ref_schema, rc.relname as ref_table,
  (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and n.nspname = any($1) and rn.nspname = any($1)
order by con.conname`

const FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name,
  p.proargnames::text[] as arg_names,
  (select array_agg(format_type(t, null) order by o) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality x(t, o)) as arg_types,
  p.proargmodes::text[] as arg_modes,
  p.pronargs::int as in_count, p.pronargdefaults::int as default_count,
  format_type(p.prorettype, null) as return_type, rt.typname as return_type_name,
  p.proretset as returns_set,
  rc.relname as return_relation, rcn.nspname as return_relation_schema,
  p.provolatile = 'v' as volatile
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_namespace rcn on rcn.oid = rc.relnamespace
where n.nspname = any($1) and p.prokind = 'f'`

const TYPES_SQL = `
select coalesce(array_agg(distinct t.typname::text), '{}') as names
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where (n.nspname = 'pg_catalog' or n.nspname = any($1)) and t.typtype in ('b', 'c', 'd', 'e', 'r', 'm')`

export async function loadSchema(db: Database, schemas: string[]): Promise<Schema> {
  const [columnRows, fkRows, fnRows, typeRows] = await db.transaction(
    async (tx) => [
      (await tx.query(COLUMNS_SQL, [schemas])).rows,
      (await tx.query(FKS_SQL, [schemas])).rows,
      (await tx.query(FUNCTIONS_SQL, [schemas])).rows,
      (await tx.query(TYPES_SQL, [schemas])).rows,
    ],
    { readOnly: true },
  )

  const tables = new Map<string, Table>()
  for (const raw of columnRows) {
    const row = ColumnRow.parse(raw)
    const key = tableKey(row.schema, row.table)
    let table = tables.get(key)
    if (!table) {
      table = {
        schema: row.schema,
        name: row.table,
        isView: row.kind === 'v' || row.kind === 'm',
        columns: new Map(),
        primaryKey: row.pk ?? [],
      }
      tables.set(key, table)
    }
    if (row.column && row.type && row.type_name) {
      table.columns.set(row.column, {
        name: row.column,
        type: row.type,
        typeName: row.type_name,
        nullable: !row.not_null,
        defaultSql: row.default_sql,
        generated: row.generated ?? false,
      })
    }
  }

  const foreignKeys = fkRows.map((raw) => {
    const row = FkRow.parse(raw)
    return {
      name: row.name,
      schema: row.schema,
      table: row.table,
      columns: row.columns,
      refSchema: row.ref_schema,
      refTable: row.ref_table,
      refColumns: row.ref_columns,
    }
  })

  const functions = new Map<string, DbFunction[]>()
  for (const raw of fnRows) {
    const row = FnRow.parse(raw)
    const names = row.arg_names ?? []
    const types = row.arg_types ?? []
    const modes = row.arg_modes ?? types.map(() => 'i')
    const args: FunctionArg[] = []
    const outColumns: Column[] = []
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i'
      const name = names[i] ?? ''
      if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, hasDefault: false })
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outColumns.push({ name, type, typeName: type, nullable: true, defaultSql: null, generated: false })
      }
    })
    // The last `default_count` input arguments have defaults.
    for (let i = args.length - row.default_count; i < args.length; i++) if (i >= 0) args[i].hasDefault = true
    const relation =
      row.return_relation && row.return_relation_schema
        ? tables.get(tableKey(row.return_relation_schema, row.return_relation))
        : undefined
    const returnColumns =
      outColumns.length > 1 || (outColumns.length > 0 && modes.includes('t'))
        ? outColumns
        : relation
          ? [...relation.columns.values()]
          : null
    const fn: DbFunction = {
      schema: row.schema,
      name: row.name,
      args,
      returnType: row.return_type,
      returnsSet: row.returns_set,
      returnColumns,
      returnTable: relation ? { schema: relation.schema, name: relation.name } : null,
      isVoid: row.return_type_name === 'void',
      volatile: row.volatile,
    }
    const key = tableKey(row.schema, row.name)
    functions.set(key, [...(functions.get(key) ?? []), fn])
  }

  const typeNames = z.object({ names: z.array(z.string()) }).parse(typeRows[0]).names
  return { schemas, tables, foreignKeys, functions, types: new Set(typeNames) }
}

/** The lazily loaded, refreshable schema cache of one database. */
export interface SchemaCache {
  get(): Promise<Schema>
  refresh(): Promise<Schema>
}

const caches = new WeakMap<Database, SchemaCache>()

export function schemaCacheFor(db: Database, schemas: string[]): SchemaCache {
  let cache = caches.get(db)
  if (!cache) {
    let current: Promise<Schema> | undefined
    const load = () => {
      const loading = loadSchema(db, schemas)
      // A failed load is not cached: the next request tries again.
      loading.catch(() => {
        if (current === loading) current = undefined
      })
      current = loading
      return loading
    }
    cache = { get: () => current ?? load(), refresh: load }
    caches.set(db, cache)
  }
  return cache
}

/**
 * Reloads the schema cache of `db` (after migrations or DDL), like PostgREST's
 * `NOTIFY pgrst, 'reload schema'`. A database whose cache was never loaded is left alone.
 */
export async function refreshSchemaCache(db: Database): Promise<void> {
  const cache = caches.get(db)
  if (cache) await cache.refresh()
}
