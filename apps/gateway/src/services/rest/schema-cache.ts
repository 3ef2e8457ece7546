import type { Logger } from 'pino'
import { z } from 'zod'
import { keepListening } from '../../database/kept-listener.ts'
import type { Database } from '../../database/types.ts'
import { type ColumnOrigin, viewColumnOrigins } from './node-tree.ts'
import { buildRelationships, type KeyLink, type Relationship, type TableRef } from './relationships.ts'

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
  /** For a view: the columns that show its base table's primary key (PostgREST's view keys). */
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
  /** The foreign-key columns are also the table's primary key or a unique key (one-to-one). */
  oneToOne?: boolean
}

export interface FunctionArg {
  /** '' for an unnamed argument. */
  name: string
  /** The type as PostgreSQL names it (`integer`, `text[]`, `public.rest_labels`). */
  type: string
  hasDefault: boolean
  variadic?: boolean
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

/** A function taking one row of a table and returning a scalar: a virtual column of that table. */
export interface ComputedField {
  schema: string
  name: string
  /** format_type() of the return type. */
  type: string
}

export interface Schema {
  schemas: string[]
  tables: Map<string, Table>
  /** Every relationship by the table (or view) it starts from; see relationships.ts. */
  relationships: Map<string, Relationship[]>
  /** Computed fields by table key, then by name. */
  computedFields: Map<string, Map<string, ComputedField>>
  functions: Map<string, DbFunction[]>
  /** Type names a `::cast` may name (pg_catalog and exposed schemas). */
  types: Set<string>
}

export const tableKey = (schema: string, name: string) => `${schema}.${name}`

const ColumnRow = z.object({
  oid: z.number(),
  schema: z.string(),
  table: z.string(),
  kind: z.string(),
  attnum: z.number().nullable(),
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
  table_oid: z.number(),
  schema: z.string(),
  table: z.string(),
  attnums: z.array(z.number()),
  columns: z.array(z.string()),
  ref_oid: z.number(),
  ref_schema: z.string(),
  ref_table: z.string(),
  ref_attnums: z.array(z.number()),
  ref_columns: z.array(z.string()),
  one_to_one: z.boolean(),
})

const KeyRow = z.object({ table_oid: z.number(), attnums: z.array(z.number()) })

const ViewRow = z.object({ oid: z.number(), definition: z.string() })

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

const RowFnRow = z.object({
  schema: z.string(),
  name: z.string(),
  exposed: z.boolean(),
  arg_schema: z.string(),
  arg_table: z.string(),
  return_schema: z.string().nullable(),
  return_table: z.string().nullable(),
  return_type: z.string(),
  returns_set: z.boolean(),
  single_row: z.boolean(),
})

// One statement per catalogue area; all run in one read-only transaction.
const COLUMNS_SQL = `
select c.oid::int8::float8 as oid, n.nspname as schema, c.relname as table, c.relkind::text as kind,
  a.attnum::int as attnum, a.attname as column, format_type(a.atttypid, a.atttypmod) as type, t.typname as type_name,
  a.attnotnull as not_null,
  case
    when a.attidentity <> '' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
    when d.adbin is null and t.typtype = 'd' then pg_get_expr(t.typdefaultbin, 0)
    else pg_get_expr(d.adbin, d.adrelid)
  end as default_sql,
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
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
order by n.nspname, c.relname, a.attnum`

// Foreign keys anywhere (a view in an exposed schema may show a table of another schema).
const FKS_SQL = `
select con.conname as name, con.conrelid::int8::float8 as table_oid, n.nspname as schema, c.relname as table,
  (select array_agg(k.attnum::int order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)) as attnums,
  (select array_agg(a.attname::text order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
  con.confrelid::int8::float8 as ref_oid, rn.nspname as ref_schema, rc.relname as ref_table,
  (select array_agg(k.attnum::int order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)) as ref_attnums,
  (select array_agg(a.attname::text order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns,
  exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
    and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and con.conparentid = 0 and n.nspname not in ('pg_catalog', 'information_schema')
order by con.conname`

// Primary keys of every table (a view's key comes from the table under it).
const KEYS_SQL = `
select con.conrelid::int8::float8 as table_oid,
  (select array_agg(k.attnum::int order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)) as attnums
from pg_constraint con join pg_namespace n on n.oid = con.connamespace
where con.contype = 'p' and n.nspname not in ('pg_catalog', 'information_schema')`

const VIEWS_SQL = `
select c.oid::int8::float8 as oid, r.ev_action::text as definition
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`

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
where n.nspname = any($1) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`

// Functions of one argument that is a row of a table or view: computed relationships (they return
// rows of a table or view) and computed fields (they return anything else).
const ROW_FUNCTIONS_SQL = `
select n.nspname as schema, p.proname as name, n.nspname = any($1) as exposed,
  an.nspname as arg_schema, ac.relname as arg_table,
  rn.nspname as return_schema, rc.relname as return_table,
  format_type(p.prorettype, null) as return_type,
  p.proretset as returns_set, (not p.proretset or p.prorows = 1) as single_row
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type at on at.oid = p.proargtypes[0]
join pg_class ac on ac.oid = at.typrelid and ac.relkind in ('r', 'v', 'm', 'f', 'p')
join pg_namespace an on an.oid = ac.relnamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid and rc.relkind in ('r', 'v', 'm', 'f', 'p')
left join pg_namespace rn on rn.oid = rc.relnamespace
where p.pronargs = 1 and p.prokind = 'f' and an.nspname = any($1)
  and n.nspname not in ('pg_catalog', 'information_schema')`

const TYPES_SQL = `
select coalesce(array_agg(distinct t.typname::text), '{}') as names
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where (n.nspname = 'pg_catalog' or n.nspname = any($1)) and t.typtype in ('b', 'c', 'd', 'e', 'r', 'm')`

/** Types PostgREST passes a whole request body to, as a function's single unnamed argument. */
export const SINGLE_UNNAMED_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea'])

export async function loadSchema(db: Database, schemas: string[]): Promise<Schema> {
  const [columnRows, fkRows, keyRows, viewRows, fnRows, rowFnRows, typeRows] = await db.transaction(
    async (tx) => [
      (await tx.query(COLUMNS_SQL, [schemas])).rows,
      (await tx.query(FKS_SQL)).rows,
      (await tx.query(KEYS_SQL)).rows,
      (await tx.query(VIEWS_SQL)).rows,
      (await tx.query(FUNCTIONS_SQL, [schemas])).rows,
      (await tx.query(ROW_FUNCTIONS_SQL, [schemas])).rows,
      (await tx.query(TYPES_SQL, [schemas])).rows,
    ],
    { readOnly: true },
  )

  const tables = new Map<string, Table>()
  /** Exposed tables and views by OID, with their column names by attribute number. */
  const byOid = new Map<number, { table: Table; names: Map<number, string> }>()
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
      byOid.set(row.oid, { table, names: new Map() })
    }
    if (row.column && row.type && row.type_name && row.attnum !== null) {
      byOid.get(row.oid)?.names.set(row.attnum, row.column)
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

  const fks = fkRows.map((raw) => FkRow.parse(raw))
  const views = viewRows.map((raw) => ViewRow.parse(raw))
  const keys = keyRows.map((raw) => KeyRow.parse(raw))
  const viewKeys = resolveViewColumns(views)

  // A view shows a table's primary key when it has a plain column for each of its key columns.
  for (const [oid, { table, names }] of byOid) {
    if (!table.isView) continue
    const origins = viewKeys.get(oid)
    if (!origins) continue
    for (const key of keys) {
      const cols = key.attnums.map((attnum) => origins.get(`${key.table_oid}:${attnum}`)?.[0])
      if (cols.length && cols.every((c) => c !== undefined)) {
        table.primaryKey = cols.map((c) => names.get(c as number) ?? '')
        break
      }
    }
  }

  const foreignKeys: ForeignKey[] = fks.map((row) => ({
    name: row.name,
    schema: row.schema,
    table: row.table,
    columns: row.columns,
    refSchema: row.ref_schema,
    refTable: row.ref_table,
    refColumns: row.ref_columns,
    oneToOne: row.one_to_one,
  }))
  // The same keys seen through exposed views: every combination of view columns showing them.
  const viewLinks: KeyLink[] = []
  const viewSides = (tableOid: number, attnums: number[]) => {
    const sides: { ref: TableRef; columns: string[] }[] = []
    for (const [oid, { table, names }] of byOid) {
      const origins = viewKeys.get(oid)
      if (!table.isView || !origins) continue
      const choices = attnums.map((attnum) => origins.get(`${tableOid}:${attnum}`) ?? [])
      for (const combo of product(choices)) {
        sides.push({
          ref: { schema: table.schema, name: table.name },
          columns: combo.map((c) => names.get(c) ?? ''),
        })
      }
    }
    return sides
  }
  for (const fk of fks) {
    const card = { constraint: fk.name, oneToOne: fk.one_to_one }
    const base = { ref: { schema: fk.schema, name: fk.table }, columns: fk.columns }
    const refBase = { ref: { schema: fk.ref_schema, name: fk.ref_table }, columns: fk.ref_columns }
    const froms = viewSides(fk.table_oid, fk.attnums)
    const tos = viewSides(fk.ref_oid, fk.ref_attnums)
    const link = (from: typeof base, to: typeof base, fromView: boolean, toView: boolean): KeyLink => ({
      ...card,
      table: from.ref,
      foreignTable: to.ref,
      columns: from.columns.map((c, i) => [c, to.columns[i]]),
      tableIsView: fromView,
      foreignTableIsView: toView,
    })
    // Foreign keys join tables; views appear only through viewSides.
    for (const from of froms) viewLinks.push(link(from, refBase, true, false))
    for (const to of tos) viewLinks.push(link(base, to, false, true))
    for (const from of froms) for (const to of tos) viewLinks.push(link(from, to, true, true))
  }

  const functions = new Map<string, DbFunction[]>()
  for (const raw of fnRows) {
    const fn = functionFrom(FnRow.parse(raw), tables)
    if (!fn) continue
    const key = tableKey(fn.schema, fn.name)
    functions.set(key, [...(functions.get(key) ?? []), fn])
  }

  const computed: Extract<Relationship, { kind: 'computed' }>[] = []
  const computedFields = new Map<string, Map<string, ComputedField>>()
  for (const raw of rowFnRows) {
    const row = RowFnRow.parse(raw)
    const table = { schema: row.arg_schema, name: row.arg_table }
    if (row.return_schema && row.return_table) {
      const foreignTable = { schema: row.return_schema, name: row.return_table }
      computed.push({
        kind: 'computed',
        function: { schema: row.schema, name: row.name },
        table,
        foreignTable,
        toOne: row.single_row,
        isSelf: table.schema === foreignTable.schema && table.name === foreignTable.name,
      })
    } else if (row.exposed && !row.returns_set) {
      const key = tableKey(table.schema, table.name)
      const fields = computedFields.get(key) ?? new Map<string, ComputedField>()
      // One per name: the one in the table's own schema wins.
      if (!fields.has(row.name) || row.schema === table.schema)
        fields.set(row.name, { schema: row.schema, name: row.name, type: row.return_type })
      computedFields.set(key, fields)
    }
  }

  const typeNames = z.object({ names: z.array(z.string()) }).parse(typeRows[0]).names
  return assembleSchema({
    schemas,
    tables,
    foreignKeys,
    viewLinks,
    computed,
    computedFields,
    functions,
    types: new Set(typeNames),
  })
}

/** The parts of a schema as read from the catalogue; relationships are derived from them. */
export interface SchemaParts {
  schemas: string[]
  tables: Map<string, Table>
  foreignKeys: ForeignKey[]
  viewLinks?: KeyLink[]
  computed?: Extract<Relationship, { kind: 'computed' }>[]
  computedFields?: Map<string, Map<string, ComputedField>>
  functions: Map<string, DbFunction[]>
  types: Set<string>
}

export function assembleSchema(parts: SchemaParts): Schema {
  const isView = (schema: string, name: string) => parts.tables.get(tableKey(schema, name))?.isView ?? false
  const links: KeyLink[] = parts.foreignKeys.map((fk) => ({
    constraint: fk.name,
    table: { schema: fk.schema, name: fk.table },
    foreignTable: { schema: fk.refSchema, name: fk.refTable },
    columns: fk.columns.map((c, i) => [c, fk.refColumns[i]]),
    oneToOne: fk.oneToOne ?? false,
    tableIsView: isView(fk.schema, fk.table),
    foreignTableIsView: isView(fk.refSchema, fk.refTable),
  }))
  const primaryKeys = new Map([...parts.tables].map(([k, t]) => [k, t.primaryKey]))
  const relationships = buildRelationships({
    links: [...links, ...(parts.viewLinks ?? [])],
    primaryKeys,
    computed: parts.computed ?? [],
    exposed: parts.schemas,
  })
  return {
    schemas: parts.schemas,
    tables: parts.tables,
    relationships,
    computedFields: parts.computedFields ?? new Map(),
    functions: parts.functions,
    types: parts.types,
  }
}

/** Every way of picking one item from each list. */
function product(lists: number[][]): number[][] {
  return lists.reduce<number[][]>(
    (acc, list) => acc.flatMap((prefix) => list.map((x) => [...prefix, x])),
    [[]],
  )
}

/**
 * For each view: base `tableOid:attnum` → the view's attribute numbers showing that column,
 * following views over views down to tables.
 */
function resolveViewColumns(
  views: { oid: number; definition: string }[],
): Map<number, Map<string, number[]>> {
  const direct = new Map<number, Map<number, { table: number; column: number }>>()
  for (const view of views) {
    let origins: ColumnOrigin[] = []
    try {
      origins = viewColumnOrigins(view.definition)
    } catch {
      // A definition this reader does not follow leaves the view without keys, as if computed.
    }
    direct.set(view.oid, new Map(origins.map((o) => [o.column, { table: o.table, column: o.tableColumn }])))
  }
  const base = (table: number, column: number, seen: Set<number>): { table: number; column: number } => {
    const inner = direct.get(table)?.get(column)
    if (!inner || seen.has(table)) return { table, column }
    seen.add(table)
    return base(inner.table, inner.column, seen)
  }
  const result = new Map<number, Map<string, number[]>>()
  for (const [oid, columns] of direct) {
    const map = new Map<string, number[]>()
    for (const [viewColumn, origin] of columns) {
      const b = base(origin.table, origin.column, new Set([oid]))
      const k = `${b.table}:${b.column}`
      map.set(k, [...(map.get(k) ?? []), viewColumn])
    }
    result.set(oid, map)
  }
  return result
}

function functionFrom(row: z.infer<typeof FnRow>, tables: Map<string, Table>): DbFunction | null {
  const names = row.arg_names ?? []
  const types = row.arg_types ?? []
  const modes = row.arg_modes ?? types.map(() => 'i')
  const args: FunctionArg[] = []
  const outColumns: Column[] = []
  types.forEach((type, i) => {
    const mode = modes[i] ?? 'i'
    const name = names[i] ?? ''
    if (mode === 'i' || mode === 'b' || mode === 'v')
      args.push({ name, type, hasDefault: false, variadic: mode === 'v' })
    if (mode === 'o' || mode === 'b' || mode === 't') {
      outColumns.push({ name, type, typeName: type, nullable: true, defaultSql: null, generated: false })
    }
  })
  // PostgREST leaves out functions it cannot call with named arguments: more than one unnamed
  // argument, or one whose type cannot take a whole request body.
  const unnamed = args.filter((a) => a.name === '')
  if (unnamed.length > 1) return null
  if (unnamed.length === 1 && !(args.length === 1 && SINGLE_UNNAMED_TYPES.has(args[0].type))) return null
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
  return {
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
}

/** The lazily loaded, refreshable schema cache of one database. */
export interface SchemaCache {
  get(): Promise<Schema>
  /** Loads again; a reload asked for while one runs starts once it is done (it may miss the change). */
  refresh(): Promise<Schema>
}

/** The channel and payloads PostgREST reloads its schema cache on. */
export const RELOAD_CHANNEL = 'pgrst'
const RELOAD_PAYLOADS = new Set(['', 'reload schema'])
const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16_000, 32_000]

const caches = new WeakMap<Database, SchemaCache>()

export function schemaCacheFor(db: Database, schemas: string[], logger?: Logger): SchemaCache {
  let cache = caches.get(db)
  if (!cache) {
    let current: Promise<Schema> | undefined
    let loading: Promise<Schema> | undefined
    let again: Promise<Schema> | undefined
    let watching = false
    const load = (): Promise<Schema> => {
      const attempt = loadSchema(db, schemas)
      loading = attempt
      // A failed load is not kept: the next request tries again.
      attempt.then(
        () => {
          if (current !== attempt) current = attempt
        },
        () => {
          if (current === attempt) current = undefined
        },
      )
      attempt.finally(() => {
        if (loading === attempt) loading = undefined
      })
      current = current ?? attempt
      return attempt
    }
    const refresh = (): Promise<Schema> => {
      if (!loading) return load()
      // Coalesce: one more load after the running one, whatever the number of requests meanwhile.
      again ??= loading
        .catch(() => undefined)
        .then(() => {
          again = undefined
          return load()
        })
      return again
    }
    cache = {
      get() {
        if (!watching) {
          watching = true
          watchReloads(db, refresh, logger)
        }
        return current ?? load()
      },
      refresh,
    }
    caches.set(db, cache)
  }
  return cache
}

/**
 * LISTEN on `pgrst` as PostgREST does: `notify pgrst, 'reload schema'` (or an empty payload)
 * reloads the cache. The migration 20261123500000 sends it after every DDL statement. A lost
 * LISTEN connection is opened again with backoff (1 s doubling to 32 s) and the cache reloaded,
 * since notifications sent meanwhile were missed.
 */
function watchReloads(db: Database, refresh: () => Promise<Schema>, logger?: Logger) {
  const reload = () => {
    refresh().catch((error) => logger?.error({ err: error }, 'rest: schema cache reload failed'))
  }
  keepListening(
    db,
    RELOAD_CHANNEL,
    (payload) => {
      if (RELOAD_PAYLOADS.has(payload)) reload()
    },
    {
      retryDelaysMs: RETRY_DELAYS_MS,
      retryFirst: true,
      onListening: (again) => {
        if (again) reload()
      },
      onLost: (error) =>
        logger?.warn({ err: error }, 'rest: lost the schema reload listener; listening again'),
      onListenFailed: (error) =>
        logger?.warn({ err: error }, 'rest: could not listen for schema reloads; retrying'),
    },
  )
}

/**
 * Reloads the schema cache of `db` (after migrations or DDL), like PostgREST's
 * `NOTIFY pgrst, 'reload schema'`. A database whose cache was never loaded is left alone.
 */
export async function refreshSchemaCache(db: Database): Promise<void> {
  const cache = caches.get(db)
  if (cache) await cache.refresh()
}
