import { ERRORS } from './errors.ts'
import {
  type Condition,
  type EmbedPath,
  type Field,
  FTS_OPERATORS,
  OPERATORS,
  type OrderTerm,
  type ParsedQuery,
  type Predicate,
  type SelectItem,
} from './query-types.ts'
import {
  type Column,
  type DbFunction,
  type ForeignKey,
  type Schema,
  type Table,
  tableKey,
} from './schema-cache.ts'

/**
 * Compiles a parsed query into one parameterised statement (pure). Identifiers come only from the
 * schema cache and are quoted; every value from the request becomes a `$n` parameter. PostgreSQL
 * renders the JSON (json_agg over correlated subqueries for embeds), so numbers, timestamps,
 * arrays and jsonb come out exactly as PostgREST shows them.
 */
export interface Statement {
  sql: string
  params: unknown[]
  /** For CSV: the header's column names (the body then holds the CSV rows). */
  csvHeader?: string[]
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`
const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`

class Params {
  readonly values: unknown[] = []
  add(value: unknown, cast?: string): string {
    this.values.push(value)
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`
  }
}

interface Ctx {
  schema: Schema
  params: Params
  aliases: number
  query: ParsedQuery
  maxRows: number | null
}

// ---------------------------------------------------------------------------- relationships

export type Relationship =
  | { kind: 'm2o'; fk: ForeignKey; target: Table }
  | { kind: 'o2m'; fk: ForeignKey; target: Table }
  | { kind: 'm2m'; junction: Table; fromFk: ForeignKey; toFk: ForeignKey; target: Table }

function findTable(schema: Schema, schemaName: string, name: string): Table | undefined {
  return schema.tables.get(tableKey(schemaName, name))
}

/** The relationships from `from` to a table called `name` in the same schema, narrowed by `hint`. */
export function resolveRelationship(
  schema: Schema,
  from: Table,
  name: string,
  hint: string | null,
): Relationship {
  const target = findTable(schema, from.schema, name)
  if (!target) throw ERRORS.NoRelationship(from.name, name, from.schema)
  const candidates: { rel: Relationship; labels: string[]; describe: string }[] = []
  const same = (fk: ForeignKey, t: Table) => fk.schema === t.schema && fk.table === t.name
  const refs = (fk: ForeignKey, t: Table) => fk.refSchema === t.schema && fk.refTable === t.name
  for (const fk of schema.foreignKeys) {
    if (same(fk, from) && refs(fk, target)) {
      candidates.push({
        rel: { kind: 'm2o', fk, target },
        labels: [fk.name, ...(fk.columns.length === 1 ? [fk.columns[0]] : [])],
        describe: fk.name,
      })
    }
    if (same(fk, target) && refs(fk, from) && !(same(fk, from) && refs(fk, target) && from === target)) {
      candidates.push({
        rel: { kind: 'o2m', fk, target },
        labels: [fk.name, ...(fk.columns.length === 1 ? [fk.columns[0]] : [])],
        describe: fk.name,
      })
    }
  }
  // Many-to-many: a junction table with one foreign key to each side.
  for (const junction of schema.tables.values()) {
    if (junction === from || junction === target) continue
    const fks = schema.foreignKeys.filter((fk) => same(fk, junction))
    for (const fromFk of fks.filter((fk) => refs(fk, from))) {
      for (const toFk of fks.filter((fk) => refs(fk, target) && fk !== fromFk)) {
        candidates.push({
          rel: { kind: 'm2m', junction, fromFk, toFk, target },
          labels: [junction.name, fromFk.name, toFk.name],
          describe: junction.name,
        })
      }
    }
  }
  const matching = hint === null ? candidates : candidates.filter((c) => c.labels.includes(hint))
  if (matching.length === 0)
    throw ERRORS.NoRelationship(from.name, hint ? `${name}!${hint}` : name, from.schema)
  if (matching.length > 1) {
    throw ERRORS.AmbiguousRelationship(
      from.name,
      name,
      matching.map((c) => c.describe),
    )
  }
  return matching[0].rel
}

const isToOne = (rel: Relationship) => rel.kind === 'm2o'

// ---------------------------------------------------------------------------- columns and fields

const TYPE_ALIASES: Record<string, string> = {
  int: 'int4',
  integer: 'int4',
  smallint: 'int2',
  bigint: 'int8',
  boolean: 'bool',
  real: 'float4',
  float: 'float8',
  'double precision': 'float8',
  decimal: 'numeric',
  'character varying': 'varchar',
  character: 'bpchar',
  char: 'bpchar',
  timestamptz: 'timestamptz',
  'timestamp with time zone': 'timestamptz',
  'timestamp without time zone': 'timestamp',
}

function castType(schema: Schema, name: string): string {
  const lower = name.toLowerCase().trim()
  const isArray = lower.endsWith('[]')
  const base = isArray ? lower.slice(0, -2) : lower
  const typname = TYPE_ALIASES[base] ?? base
  const stored = isArray ? `_${typname}` : typname
  if (!schema.types.has(stored)) throw ERRORS.UndefinedType(name)
  return ident(stored)
}

interface Scope {
  table: Table
  /** Columns of the source (a table, or a function's result). */
  columns: Map<string, Column>
  alias: string
  path: EmbedPath
}

function column(scope: Scope, name: string): Column {
  const col = scope.columns.get(name)
  if (!col) throw ERRORS.UndefinedColumn(scope.table.name, name)
  return col
}

function fieldSql(ctx: Ctx, scope: Scope, field: Field): string {
  column(scope, field.column)
  let sql = `${ident(scope.alias)}.${ident(field.column)}`
  for (const step of field.json) {
    const key = /^-?\d+$/.test(step.key)
      ? ctx.params.add(Number(step.key), 'int')
      : ctx.params.add(step.key, 'text')
    sql = `(${sql}${step.arrow}${key})`
  }
  return sql
}

/** A name from the schema cache as an SQL string literal (never request text). */
const literal = (name: string) => `'${name.replaceAll("'", "''")}'`

/** The JSON key of a selected field: its alias, the last JSON key, or the column name. */
function outputKey(field: Field): string {
  return field.json.length ? field.json[field.json.length - 1].key : field.column
}

// json_build_object takes at most 100 arguments; wider rows are joined in chunks.
const MAX_PAIRS = 50

/** One JSON object per row, keys in select order (PostgreSQL renders every value). */
function objectSql(ctx: Ctx, items: OutputItem[]): string {
  const pairs = items.map(
    (i) => `${i.fromRequest ? ctx.params.add(i.keyText, 'text') : literal(i.keyText)}, ${i.expr}`,
  )
  if (pairs.length <= MAX_PAIRS) return `json_build_object(${pairs.join(', ')})`
  const chunks: string[] = []
  for (let i = 0; i < pairs.length; i += MAX_PAIRS) {
    chunks.push(`jsonb_build_object(${pairs.slice(i, i + MAX_PAIRS).join(', ')})`)
  }
  return `(${chunks.join(' || ')})::json`
}

// ---------------------------------------------------------------------------- filters

function arrayLiteral(values: string[]): string {
  return `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
}

function predicateSql(ctx: Ctx, scope: Scope, field: Field, predicate: Predicate): string {
  const left = fieldSql(ctx, scope, field)
  switch (predicate.op) {
    case 'is': {
      const words = {
        null: 'is null',
        not_null: 'is not null',
        true: 'is true',
        false: 'is false',
        unknown: 'is unknown',
      }
      return `${left} ${words[predicate.value]}`
    }
    case 'in':
      return `${left} = any(${ctx.params.add(arrayLiteral(predicate.values))})`
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const fn = FTS_OPERATORS[predicate.op]
      const col = scope.columns.get(field.column)
      const isVector = col?.typeName === 'tsvector' && field.json.length === 0
      const config = predicate.config === null ? null : ctx.params.add(predicate.config, 'regconfig')
      const vector = isVector ? left : config ? `to_tsvector(${config}, ${left})` : `to_tsvector(${left})`
      const query = ctx.params.add(predicate.value, 'text')
      return `${vector} @@ ${fn}(${config ? `${config}, ` : ''}${query})`
    }
    default: {
      const op = OPERATORS[predicate.op]
      const value =
        predicate.op === 'like' || predicate.op === 'ilike'
          ? predicate.value.replaceAll('*', '%')
          : predicate.value
      if (predicate.quantifier) {
        const list = value.startsWith('{') ? value : `{${value}}`
        return `${left} ${op} ${predicate.quantifier}(${ctx.params.add(list)})`
      }
      return `${left} ${op} ${ctx.params.add(value)}`
    }
  }
}

/** Compiles one condition in a scope; a filter naming an embed is an existence test. */
function conditionSql(ctx: Ctx, scope: Scope, cond: Condition, embeds: Map<string, EmbedPlan>): string {
  if (cond.kind === 'logic') {
    const parts = cond.conditions.map((c) => conditionSql(ctx, scope, c, embeds))
    const joined = `(${parts.join(cond.op === 'and' ? ' and ' : ' or ')})`
    return cond.negate ? `not ${joined}` : joined
  }
  const embed = cond.field.json.length === 0 ? embeds.get(cond.field.column) : undefined
  if (embed && !scope.columns.has(cond.field.column)) {
    const p = cond.predicate
    if (p.op !== 'is' || (p.value !== 'null' && p.value !== 'not_null'))
      throw ERRORS.BadEmbedOperator(cond.field.column)
    const exists = p.value === 'not_null' ? !cond.negate : cond.negate
    return `${exists ? '' : 'not '}exists (select 1 ${embed.fromWhere})`
  }
  const sql = predicateSql(ctx, scope, cond.field, cond.predicate)
  return cond.negate ? `not (${sql})` : sql
}

// ---------------------------------------------------------------------------- select lists and embeds

interface EmbedPlan {
  /** `from … where …` of the embedded rows for one parent row (join condition and filters). */
  fromWhere: string
  scope: Scope
  toOne: boolean
}

const pathKey = (path: EmbedPath) => path.join('.')
const scoped = <T>(items: { path: EmbedPath; value: T }[], path: EmbedPath) =>
  items.filter((i) => pathKey(i.path) === pathKey(path)).map((i) => i.value)

function orderSql(ctx: Ctx, scope: Scope, terms: OrderTerm[], embeds = new Map<string, EmbedPlan>()): string {
  return terms
    .map((t) => {
      let sql: string
      if (t.embed === null) sql = fieldSql(ctx, scope, t.field)
      else {
        const embed = embeds.get(t.embed)
        if (!embed) throw ERRORS.NotEmbedded(t.embed)
        if (!embed.toOne) {
          throw ERRORS.ParseError(
            `order parameter (${t.embed})`,
            `'${t.embed}' is a to-many relationship: only to-one embeds can order their parents`,
          )
        }
        sql = `(select ${fieldSql(ctx, embed.scope, t.field)} ${embed.fromWhere} limit 1)`
      }
      if (t.direction) sql += ` ${t.direction}`
      if (t.nulls) sql += ` nulls ${t.nulls}`
      return sql
    })
    .join(', ')
}

function limitSql(ctx: Ctx, path: EmbedPath, extraOffset?: { offset: number; limit: number | null }): string {
  const limits = scoped(ctx.query.limits, path)
  const offsets = scoped(ctx.query.offsets, path)
  let limit: number | null = limits.length ? limits[limits.length - 1] : null
  let offset: number | null = offsets.length ? offsets[offsets.length - 1] : null
  if (extraOffset) {
    offset = (offset ?? 0) + extraOffset.offset
    if (extraOffset.limit !== null)
      limit = limit === null ? extraOffset.limit : Math.min(limit, extraOffset.limit)
  }
  if (path.length === 0 && ctx.maxRows !== null)
    limit = limit === null ? ctx.maxRows : Math.min(limit, ctx.maxRows)
  let sql = ''
  if (limit !== null) sql += ` limit ${ctx.params.add(limit, 'bigint')}`
  if (offset) sql += ` offset ${ctx.params.add(offset, 'bigint')}`
  return sql
}

/**
 * One output key and its value. Keys named in the request (aliases, JSON keys) become parameters
 * only when the JSON object is built, so a CSV statement carries no unused parameter.
 */
interface OutputItem {
  keyText: string
  fromRequest: boolean
  expr: string
}

interface Compiled {
  list: OutputItem[]
  /** Conditions on the parent rows contributed by `!inner` embeds. */
  innerConditions: string[]
  embeds: Map<string, EmbedPlan>
}

function compileSelect(ctx: Ctx, scope: Scope, items: SelectItem[]): Compiled {
  const list: OutputItem[] = []
  const innerConditions: string[] = []
  const embeds = new Map<string, EmbedPlan>()
  for (const item of items) {
    if (item.kind === 'star') {
      for (const c of scope.columns.values())
        list.push({ keyText: c.name, fromRequest: false, expr: `${ident(scope.alias)}.${ident(c.name)}` })
    } else if (item.kind === 'field') {
      let sql = fieldSql(ctx, scope, item.field)
      if (item.cast) sql = `(${sql})::${castType(ctx.schema, item.cast)}`
      if (item.alias === null && item.field.json.length === 0) column(scope, item.field.column)
      list.push({
        keyText: item.alias ?? outputKey(item.field),
        fromRequest: item.alias !== null || item.field.json.length > 0,
        expr: sql,
      })
    } else {
      const name = item.alias ?? item.relation
      const rel = resolveRelationship(ctx.schema, scope.table, item.relation, item.hint)
      const childPath = [...scope.path, name]
      const child: Scope = {
        table: rel.target,
        columns: rel.target.columns,
        alias: `t${++ctx.aliases}`,
        path: childPath,
      }
      const a = ident(scope.alias)
      const c = ident(child.alias)
      let join: string
      if (rel.kind === 'm2o') {
        join = rel.fk.columns
          .map((col, i) => `${c}.${ident(rel.fk.refColumns[i])} = ${a}.${ident(col)}`)
          .join(' and ')
      } else if (rel.kind === 'o2m') {
        join = rel.fk.columns
          .map((col, i) => `${c}.${ident(col)} = ${a}.${ident(rel.fk.refColumns[i])}`)
          .join(' and ')
      } else {
        const j = ident(`j${child.alias}`)
        const toParent = rel.fromFk.columns.map(
          (col, i) => `${j}.${ident(col)} = ${a}.${ident(rel.fromFk.refColumns[i])}`,
        )
        const toChild = rel.toFk.columns.map(
          (col, i) => `${j}.${ident(col)} = ${c}.${ident(rel.toFk.refColumns[i])}`,
        )
        join = `exists (select 1 from ${qualified(rel.junction.schema, rel.junction.name)} as ${j} where ${[...toParent, ...toChild].join(' and ')})`
      }
      const inner = compileSelect(ctx, child, item.select)
      const where = [join, ...inner.innerConditions]
      for (const cond of scoped(ctx.query.filters, childPath))
        where.push(conditionSql(ctx, child, cond, inner.embeds))
      const fromWhere = `from ${qualified(rel.target.schema, rel.target.name)} as ${c} where ${where.join(' and ')}`
      embeds.set(name, { fromWhere, scope: child, toOne: isToOne(rel) })
      if (item.inner) innerConditions.push(`exists (select 1 ${fromWhere})`)
      if (item.spread) {
        if (!isToOne(rel)) throw ERRORS.SpreadNotToOne(scope.table.name, item.relation)
        for (const spreadItem of inner.list)
          list.push({ ...spreadItem, expr: `(select ${spreadItem.expr} ${fromWhere} limit 1)` })
        continue
      }
      if (item.select.length === 0) continue
      const object = objectSql(ctx, inner.list)
      // The relation name is a table name from the cache; an alias comes from the request.
      const key = { keyText: name, fromRequest: item.alias !== null }
      if (isToOne(rel)) {
        list.push({ ...key, expr: `(select ${object} ${fromWhere} limit 1)` })
      } else {
        const orderTerms = scoped(ctx.query.order, childPath).flat()
        const order = orderTerms.length ? ` order by ${orderSql(ctx, child, orderTerms, inner.embeds)}` : ''
        list.push({
          ...key,
          expr: `(select coalesce(json_agg(pgrst_e.o), '[]') from (select ${object} as o ${fromWhere}${order}${limitSql(ctx, childPath)}) as pgrst_e)`,
        })
      }
    }
  }
  return { list, innerConditions, embeds }
}

/** Every filter, order and limit path must name an embed of the select (else PGRST108). */
function checkPaths(query: ParsedQuery) {
  const known = new Set<string>([''])
  const walk = (items: SelectItem[], path: EmbedPath) => {
    for (const item of items) {
      if (item.kind !== 'embed') continue
      const p = [...path, item.alias ?? item.relation]
      known.add(pathKey(p))
      walk(item.select, p)
    }
  }
  walk(query.select, [])
  for (const { path } of [...query.filters, ...query.order, ...query.limits, ...query.offsets]) {
    if (!known.has(pathKey(path))) throw ERRORS.NotEmbedded(path.join('.'))
  }
}

// ---------------------------------------------------------------------------- statements

export interface Source {
  /** Table for columns and relationships. */
  table: Table
  columns: Map<string, Column>
  /** SQL of the FROM item, aliased `t0`. */
  from: string
}

export function tableSource(schema: Schema, schemaName: string, name: string): Source {
  const table = findTable(schema, schemaName, name)
  if (!table) throw ERRORS.TableNotFound(schemaName, name)
  return { table, columns: table.columns, from: `${qualified(table.schema, table.name)} as "t0"` }
}

export interface ReadOptions {
  count: boolean
  /** Render the rows as CSV in PostgreSQL's text format, as PostgREST does. */
  csv?: boolean
  range: { offset: number; limit: number | null } | null
  maxRows: number | null
}

/**
 * The read statement: one row with `body` (JSON array text), `page_total` and, when asked,
 * `total` (the count without limit/offset).
 */
export function buildRead(
  schema: Schema,
  source: Source,
  query: ParsedQuery,
  options: ReadOptions,
  params = new Params(),
): Statement {
  checkPaths(query)
  const ctx: Ctx = { schema, params, aliases: 0, query, maxRows: options.maxRows }
  const scope: Scope = { table: source.table, columns: source.columns, alias: 't0', path: [] }
  const compiled = compileSelect(ctx, scope, query.select)
  const where = whereSql(ctx, scope, compiled)
  const orderTerms = scoped(query.order, []).flat()
  const order = orderTerms.length ? ` order by ${orderSql(ctx, scope, orderTerms, compiled.embeds)}` : ''
  const limit = limitSql(ctx, [], options.range ?? undefined)
  const total = options.count ? `, (select count(*) from ${source.from}${where})::int8 as total` : ''
  if (options.csv) {
    // A record's text form without its parentheses is a CSV line of PostgreSQL text values.
    const columns = compiled.list.map((item, i) => `${item.expr} as ${ident(`c${i}`)}`).join(', ')
    const inner = `select ${columns} from ${source.from}${where}${order}${limit}`
    return {
      sql: `select coalesce(string_agg(substr(pgrst_r::text, 2, length(pgrst_r::text) - 2), chr(10)), '') as body, count(*)::int8 as page_total${total} from (${inner}) as pgrst_r`,
      params: params.values,
      csvHeader: compiled.list.map((item) => item.keyText),
    }
  }
  const inner = `select ${objectSql(ctx, compiled.list)} as o from ${source.from}${where}${order}${limit}`
  return {
    sql: `select coalesce(json_agg(pgrst_r.o), '[]')::text as body, count(*)::int8 as page_total${total} from (${inner}) as pgrst_r`,
    params: params.values,
  }
}

function whereSql(ctx: Ctx, scope: Scope, compiled: Compiled): string {
  const conditions = [
    ...compiled.innerConditions,
    ...scoped(ctx.query.filters, []).map((c) => conditionSql(ctx, scope, c, compiled.embeds)),
  ]
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

export interface WriteOptions {
  /** Whether the reply needs the affected rows (representation, headers-only, single). */
  returning: boolean
  /** For headers-only: the select is replaced by the primary key columns. */
  select: SelectItem[]
}

/** Rows out of a writing CTE, shaped by `select` like a read. */
function wrapReturning(ctx: Ctx, table: Table, write: string, select: SelectItem[], extra = ''): string {
  const scope: Scope = { table, columns: table.columns, alias: 't0', path: [] }
  const compiled = compileSelect(ctx, scope, select)
  return `with pgrst_source as (${write}) select coalesce(json_agg(pgrst_r.o), '[]')::text as body, count(*)::int8 as page_total${extra} from (select ${objectSql(ctx, compiled.list)} as o from pgrst_source as "t0") as pgrst_r`
}

/**
 * INSERT (and upsert) of a JSON array of objects. `columns` is the insert column list (from the
 * `columns` parameter or the union of the objects' keys), checked against the table. With
 * `missingDefault`, a key missing from an object takes the column DEFAULT instead of NULL.
 */
export function buildInsert(
  schema: Schema,
  table: Table,
  body: string,
  columns: string[],
  options: WriteOptions & {
    missingDefault: boolean
    resolution: 'merge-duplicates' | 'ignore-duplicates' | null
    onConflict: string[] | null
  },
  query: ParsedQuery,
): Statement {
  const params = new Params()
  const ctx: Ctx = { schema, params, aliases: 0, query, maxRows: null }
  for (const name of columns) if (!table.columns.has(name)) throw ERRORS.UnknownColumnInBody(name, table.name)
  const target = qualified(table.schema, table.name)
  const bodyParam = params.add(body, 'json')
  const colList = columns.map(ident).join(', ')
  let rows: string
  if (options.missingDefault) {
    const values = columns.map((name) => {
      const col = table.columns.get(name)!
      const value = `(json_populate_record(null::${target}, pgrst_e.value)).${ident(name)}`
      return `case when (pgrst_e.value::jsonb) ? ${params.add(name, 'text')} then ${value} else ${col.defaultSql ?? 'null'} end`
    })
    rows = `select ${values.join(', ')} from json_array_elements(${bodyParam}) as pgrst_e`
  } else {
    rows = `select ${colList} from json_populate_recordset(null::${target}, ${bodyParam}) as pgrst_body`
  }
  let conflict = ''
  if (options.resolution) {
    const keys = options.onConflict ?? table.primaryKey
    if (keys.length === 0)
      throw ERRORS.ParseError(
        'on_conflict parameter',
        'the table has no primary key; name the conflict columns',
      )
    for (const key of keys) if (!table.columns.has(key)) throw ERRORS.UndefinedColumn(table.name, key)
    const target = `(${keys.map(ident).join(', ')})`
    const updates = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`)
    conflict =
      options.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict ${target} do nothing`
        : ` on conflict ${target} do update set ${updates.join(', ')}`
  }
  // No columns (`{}` objects) inserts rows of defaults.
  const insert = `insert into ${target} as "t0" ${columns.length ? `(${colList}) ` : ''}${rows}${conflict}`
  if (!options.returning) return { sql: insert, params: params.values }
  const sql = wrapReturning(
    ctx,
    table,
    `${insert} returning "t0".*, ("t0".xmax = 0) as pgrst_inserted`,
    options.select,
    ', (select count(*) from pgrst_source where pgrst_inserted)::int8 as inserted',
  )
  return { sql, params: params.values }
}

export function buildUpdate(
  schema: Schema,
  table: Table,
  body: string,
  columns: string[],
  options: WriteOptions,
  query: ParsedQuery,
): Statement {
  const params = new Params()
  const ctx: Ctx = { schema, params, aliases: 0, query, maxRows: null }
  for (const name of columns) if (!table.columns.has(name)) throw ERRORS.UnknownColumnInBody(name, table.name)
  const target = qualified(table.schema, table.name)
  const scope: Scope = { table, columns: table.columns, alias: 't0', path: [] }
  const sets = columns.map((c) => `${ident(c)} = pgrst_body.${ident(c)}`).join(', ')
  const from = ` from json_populate_record(null::${target}, ${params.add(body, 'json')}) as pgrst_body`
  const where = rootWhere(ctx, scope)
  const update = `update ${target} as "t0" set ${sets}${from}${where}`
  if (!options.returning) return { sql: update, params: params.values }
  return {
    sql: wrapReturning(ctx, table, `${update} returning "t0".*`, options.select),
    params: params.values,
  }
}

export function buildDelete(
  schema: Schema,
  table: Table,
  options: WriteOptions,
  query: ParsedQuery,
): Statement {
  const params = new Params()
  const ctx: Ctx = { schema, params, aliases: 0, query, maxRows: null }
  const scope: Scope = { table, columns: table.columns, alias: 't0', path: [] }
  const del = `delete from ${qualified(table.schema, table.name)} as "t0"${rootWhere(ctx, scope)}`
  if (!options.returning) return { sql: del, params: params.values }
  return { sql: wrapReturning(ctx, table, `${del} returning "t0".*`, options.select), params: params.values }
}

/** Root filters of a write (embedded filters only shape the returned rows). */
function rootWhere(ctx: Ctx, scope: Scope): string {
  const probe = compileSelect({ ...ctx, params: new Params() }, scope, ctx.query.select)
  const conditions = scoped(ctx.query.filters, []).map((c) => conditionSql(ctx, scope, c, probe.embeds))
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

// ---------------------------------------------------------------------------- functions (RPC)

/** Picks the overload whose argument names fit the given ones (PGRST202/203 otherwise). */
export function resolveFunction(
  schema: Schema,
  schemaName: string,
  name: string,
  given: string[],
): DbFunction {
  const overloads = schema.functions.get(tableKey(schemaName, name)) ?? []
  const fits = overloads.filter((fn) => {
    const names = new Set(fn.args.map((a) => a.name))
    return given.every((g) => names.has(g)) && fn.args.every((a) => a.hasDefault || given.includes(a.name))
  })
  if (fits.length === 0) throw ERRORS.FunctionNotFound(schemaName, name, [...given].sort())
  if (fits.length > 1) throw ERRORS.AmbiguousFunction(schemaName, name)
  return fits[0]
}

/** `fn(a := pgrst_args.a, …)` over `json_to_record($n) as pgrst_args(a int, …)`. */
function callSql(
  fn: DbFunction,
  args: Record<string, unknown>,
  params: Params,
): { call: string; from: string } {
  const given = fn.args.filter((a) => Object.hasOwn(args, a.name))
  const call = `${qualified(fn.schema, fn.name)}(${given.map((a) => `${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`
  const from = given.length
    ? `json_to_record(${params.add(JSON.stringify(args), 'json')}) as pgrst_args(${given.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`
    : ''
  return { call, from }
}

export type RpcShape = 'rows' | 'object' | 'scalar' | 'scalars' | 'void'

export function rpcShape(fn: DbFunction): RpcShape {
  if (fn.isVoid) return 'void'
  if (fn.returnColumns) return fn.returnsSet ? 'rows' : 'object'
  return fn.returnsSet ? 'scalars' : 'scalar'
}

/**
 * The call statement. Functions returning rows are a source like a table (select, filters, order,
 * limit, count, embeds when the rows are of a table); scalars come back as one JSON value.
 */
export function buildRpc(
  schema: Schema,
  fn: DbFunction,
  args: Record<string, unknown>,
  query: ParsedQuery,
  options: ReadOptions,
): Statement {
  const params = new Params()
  const { call, from } = callSql(fn, args, params)
  const shape = rpcShape(fn)
  const lateral = from ? `${from} cross join lateral ` : ''
  if (shape === 'void') return { sql: `select ${call}${from ? ` from ${from}` : ''}`, params: params.values }
  if (shape === 'scalar') {
    return {
      sql: `select to_json(${call})::text as body, 1::int8 as page_total${from ? ` from ${from}` : ''}`,
      params: params.values,
    }
  }
  if (shape === 'scalars') {
    const ctx: Ctx = { schema, params, aliases: 0, query, maxRows: options.maxRows }
    const limit = limitSql(ctx, [], options.range ?? undefined)
    return {
      sql: `select coalesce(json_agg(pgrst_r.v), '[]')::text as body, count(*)::int8 as page_total from (select "t0" as v from ${lateral}${call} as "t0"${limit}) as pgrst_r`,
      params: params.values,
    }
  }
  const table: Table = (fn.returnTable && findTable(schema, fn.returnTable.schema, fn.returnTable.name)) || {
    schema: fn.schema,
    name: fn.name,
    isView: false,
    columns: new Map(),
    primaryKey: [],
  }
  const columns = new Map((fn.returnColumns ?? []).map((c) => [c.name, c]))
  return buildRead(schema, { table, columns, from: `${lateral}${call} as "t0"` }, query, options, params)
}
