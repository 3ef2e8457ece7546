import { ERRORS } from './errors.ts'
import { closest, fuzzyMatches } from './fuzzy.ts'
import {
  type Aggregate,
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
  describeRelationship,
  isToOne,
  matchRelationships,
  type Relationship,
  relationshipHint,
} from './relationships.ts'
import { type Column, type DbFunction, type Schema, type Table, tableKey } from './schema-cache.ts'

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

export class Params {
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
  /** PostgREST's db-aggregates-enabled: aggregate functions in `select` (PGRST123 when off). */
  aggregates: boolean
}

// ---------------------------------------------------------------------------- relationships

function findTable(schema: Schema, schemaName: string, name: string): Table | undefined {
  return schema.tables.get(tableKey(schemaName, name))
}

/**
 * The one relationship `target[!hint]` names from `from` (PostgREST's rules, see relationships.ts):
 * none is 400 PGRST200, several is 300 PGRST201 listing them.
 */
export function resolveRelationship(
  schema: Schema,
  from: Table,
  target: string,
  hint: string | null,
): Relationship {
  const all = schema.relationships.get(tableKey(from.schema, from.name))
  const rels = (all ?? []).filter((r) => r.foreignTable.schema === from.schema)
  const matching = matchRelationships(rels, target, hint)
  if (matching.length === 1) return matching[0]
  if (matching.length > 1) {
    throw ERRORS.AmbiguousRelationship(
      from.name,
      target,
      matching.map(describeRelationship),
      matching.map(relationshipHint),
    )
  }
  // PostgREST's hint: a close parent name when the origin has no relationships, else a close child.
  let suggestion: string | null = null
  if (all) {
    const close = fuzzyMatches(
      rels.map((r) => r.foreignTable.name),
      target,
    ).find((m) => m.score < 1)
    if (close) suggestion = `Perhaps you meant '${close.value}' instead of '${target}'.`
  } else {
    const origins = [...schema.relationships.keys()]
      .filter((k) => k.startsWith(`${from.schema}.`))
      .map((k) => k.slice(from.schema.length + 1))
    const close = closest(origins, from.name)
    if (close !== null) suggestion = `Perhaps you meant '${close}' instead of '${from.name}'.`
  }
  throw ERRORS.NoRelationship(from.name, target, hint, from.schema, suggestion)
}

// ---------------------------------------------------------------------------- columns and fields

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

interface Scope {
  table: Table
  /** Columns of the source (a table, or a function's result). */
  columns: Map<string, Column>
  alias: string
  path: EmbedPath
  /** This scope's row as a value of the table's row type (argument of computed fields and relationships). */
  row: string
  /** 0 at the root, +1 per embed level (PostgREST's embed depth). */
  depth: number
}

/** A column of the scope, or a computed field: a function taking the scope's row (`fn(t)`). */
function fieldBase(ctx: Ctx, scope: Scope, name: string): string {
  if (scope.columns.has(name)) return `${ident(scope.alias)}.${ident(name)}`
  const computed = ctx.schema.computedFields.get(tableKey(scope.table.schema, scope.table.name))?.get(name)
  if (computed) return `${qualified(computed.schema, computed.name)}(${scope.row})`
  throw ERRORS.UndefinedColumn(scope.table.name, name)
}

function fieldSql(ctx: Ctx, scope: Scope, field: Field): string {
  let sql = fieldBase(ctx, scope, field.column)
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

/**
 * The JSON key of a selected field without alias: the last JSON key (skipping array indexes), or
 * the column name.
 */
function outputKey(field: Field): string {
  const key = [...field.json].reverse().find((s) => !/^-?\d+$/.test(s.key))
  return key ? key.key : field.column
}

// json_build_object takes at most 100 arguments; wider rows are joined in chunks.
const MAX_PAIRS = 50

/** One JSON object per row, keys in select order (PostgreSQL renders every value). */
function objectSql(ctx: Ctx, items: { keyText: string; fromRequest: boolean; sql: string }[]): string {
  const pairs = items.map(
    (i) => `${i.fromRequest ? ctx.params.add(i.keyText, 'text') : literal(i.keyText)}, ${i.sql}`,
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
        if (!embed.toOne) throw ERRORS.RelatedOrderNotToOne(scope.table.name, t.embed)
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
  /** The value before any aggregate; `*` is the row itself (`count()`). */
  expr: string
  aggregate: Aggregate | null
  /** JSON made by an embed: compared as jsonb when its scope groups (json has no equality). */
  json: boolean
}

interface Compiled {
  list: OutputItem[]
  /** Conditions on the parent rows contributed by `!inner` embeds. */
  innerConditions: string[]
  embeds: Map<string, EmbedPlan>
  /** `left join lateral …` items joined to the scope's FROM (to-many spreads). */
  laterals: string[]
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

/** The item's value: `fn(expr)` and its cast when aggregated. */
function valueSql(ctx: Ctx, item: OutputItem): string {
  if (!item.aggregate) return item.expr
  const sql = `${item.aggregate.fn}(${item.expr})`
  return item.aggregate.cast ? `(${sql})::${castType(ctx.schema, item.aggregate.cast)}` : sql
}

/**
 * The rows of one scope: `select <json object> as o <from/where><order><limit>`. When an item
 * aggregates, the other items group the rows (PostgREST's implicit GROUP BY), computed in an
 * inner query by position so a repeated expression never needs repeating.
 */
function rowsQuery(ctx: Ctx, items: OutputItem[], fromWhere: string, order: string, limit: string): string {
  if (!items.some((i) => i.aggregate)) {
    const object = objectSql(
      ctx,
      items.map((i) => ({ ...i, sql: i.expr })),
    )
    return `select ${object} as o ${fromWhere}${order}${limit}`
  }
  const inner = columnsQuery(ctx, items, fromWhere, order, limit)
  const object = objectSql(
    ctx,
    items.map((i, n) => ({ ...i, sql: `pgrst_g.${ident(`c${n}`)}` })),
  )
  return `select ${object} as o from (${inner}) as pgrst_g`
}

/** The rows of one scope as columns c0…cN, grouped by the items that do not aggregate. */
function columnsQuery(
  ctx: Ctx,
  items: OutputItem[],
  fromWhere: string,
  order: string,
  limit: string,
): string {
  const grouped = items.some((i) => i.aggregate)
  const columns = items.map((item, n) => {
    const value = valueSql(ctx, item)
    return `${grouped && item.json ? `(${value})::jsonb` : value} as ${ident(`c${n}`)}`
  })
  const groupBy = grouped ? items.flatMap((item, n) => (item.aggregate ? [] : [String(n + 1)])) : []
  const group = groupBy.length ? ` group by ${groupBy.join(', ')}` : ''
  return `select ${columns.join(', ')} ${fromWhere}${group}${order}${limit}`
}

/** How a relationship's rows join the parent's row (none for a computed relationship). */
function joinSql(rel: Relationship, parent: Scope, child: Scope): string | null {
  if (rel.kind === 'computed') return null
  const a = ident(parent.alias)
  const c = ident(child.alias)
  const card = rel.cardinality
  if (card.kind === 'm2m') {
    const j = ident(`j${child.alias}`)
    const junction = card.junction
    const toParent = junction.source.map(([col, jcol]) => `${j}.${ident(jcol)} = ${a}.${ident(col)}`)
    const toChild = junction.target.map(([col, jcol]) => `${j}.${ident(jcol)} = ${c}.${ident(col)}`)
    return `exists (select 1 from ${qualified(junction.table.schema, junction.table.name)} as ${j} where ${[...toParent, ...toChild].join(' and ')})`
  }
  return card.columns.map(([col, fcol]) => `${c}.${ident(fcol)} = ${a}.${ident(col)}`).join(' and ')
}

function compileSelect(ctx: Ctx, scope: Scope, items: SelectItem[]): Compiled {
  const list: OutputItem[] = []
  const innerConditions: string[] = []
  const embeds = new Map<string, EmbedPlan>()
  const laterals: string[] = []
  const embedNames = new Set<string>()
  for (const item of items) {
    if (item.kind === 'star') {
      for (const c of scope.columns.values())
        list.push({
          keyText: c.name,
          fromRequest: false,
          expr: `${ident(scope.alias)}.${ident(c.name)}`,
          aggregate: null,
          json: false,
        })
    } else if (item.kind === 'field') {
      const aggregate = item.aggregate ?? null
      if (aggregate && !ctx.aggregates) throw ERRORS.AggregatesNotAllowed()
      let expr = '*'
      if (item.field.column !== '*') {
        expr = fieldSql(ctx, scope, item.field)
        if (item.cast) expr = `(${expr})::${castType(ctx.schema, item.cast)}`
      }
      list.push({
        keyText: item.alias ?? (aggregate ? aggregate.fn : outputKey(item.field)),
        fromRequest: item.alias !== null || (!aggregate && item.field.json.length > 0),
        expr,
        aggregate,
        json: false,
      })
    } else {
      const name = item.alias ?? item.relation
      // PostgREST joins each embed under `<table>_<name>_<depth>`: the same name twice is PostgreSQL's 42712.
      if (embedNames.has(name)) throw ERRORS.DuplicateEmbed(scope.table.name, name, scope.depth + 1)
      embedNames.add(name)
      const rel = resolveRelationship(ctx.schema, scope.table, item.relation, item.hint)
      const target = findTable(ctx.schema, rel.foreignTable.schema, rel.foreignTable.name)
      if (!target)
        throw ERRORS.NoRelationship(scope.table.name, item.relation, item.hint, scope.table.schema, null)
      const childPath = [...scope.path, name]
      const alias = `t${++ctx.aliases}`
      const child: Scope = {
        table: target,
        columns: target.columns,
        alias,
        path: childPath,
        row: ident(alias),
        depth: scope.depth + 1,
      }
      const inner = compileSelect(ctx, child, item.select)
      const join = joinSql(rel, scope, child)
      const where = [...(join ? [join] : []), ...inner.innerConditions]
      for (const cond of scoped(ctx.query.filters, childPath))
        where.push(conditionSql(ctx, child, cond, inner.embeds))
      const fromItem =
        rel.kind === 'computed'
          ? `${qualified(rel.function.schema, rel.function.name)}(${scope.row}) as ${ident(alias)}`
          : `${qualified(target.schema, target.name)} as ${ident(alias)}`
      const fromWhere = `from ${fromItem}${inner.laterals.join('')}${where.length ? ` where ${where.join(' and ')}` : ''}`
      const toOne = isToOne(rel)
      embeds.set(name, { fromWhere, scope: child, toOne })
      if (item.inner) innerConditions.push(`exists (select 1 ${fromWhere})`)
      if (item.spread && toOne) {
        // The embed's values become the parent's; an aggregate inside applies over the parents.
        for (const spreadItem of inner.list) {
          const value = spreadItem.expr === '*' ? '1' : spreadItem.expr
          list.push({ ...spreadItem, expr: `(select ${value} ${fromWhere} limit 1)` })
        }
        continue
      }
      const orderTerms = toOne ? [] : scoped(ctx.query.order, childPath).flat()
      if (item.spread) {
        // To-many: each column becomes an array of the embedded rows' values, in their order.
        if (inner.list.length === 0) continue
        const order = orderTerms.length ? ` order by ${orderSql(ctx, child, orderTerms, inner.embeds)}` : ''
        const rows = columnsQuery(ctx, inner.list, fromWhere, order, limitSql(ctx, childPath))
        const lateral = ident(`s${++ctx.aliases}`)
        const arrays = inner.list.map(
          (_, n) => `coalesce(json_agg(pgrst_s.${ident(`c${n}`)}), '[]') as ${ident(`a${n}`)}`,
        )
        laterals.push(
          ` left join lateral (select ${arrays.join(', ')} from (${rows}) as pgrst_s) as ${lateral} on true`,
        )
        inner.list.forEach((spreadItem, n) => {
          list.push({
            keyText: spreadItem.keyText,
            fromRequest: spreadItem.fromRequest,
            expr: `${lateral}.${ident(`a${n}`)}`,
            aggregate: null,
            json: true,
          })
        })
        continue
      }
      if (item.select.length === 0) continue
      // The relation name is a table name from the cache; an alias comes from the request.
      const key = { keyText: name, fromRequest: item.alias !== null, aggregate: null, json: true }
      if (toOne) {
        list.push({ ...key, expr: `(${rowsQuery(ctx, inner.list, fromWhere, '', ' limit 1')})` })
      } else {
        const order = orderTerms.length ? ` order by ${orderSql(ctx, child, orderTerms, inner.embeds)}` : ''
        const rows = rowsQuery(ctx, inner.list, fromWhere, order, limitSql(ctx, childPath))
        list.push({ ...key, expr: `(select coalesce(json_agg(pgrst_e.o), '[]') from (${rows}) as pgrst_e)` })
      }
    }
  }
  return { list, innerConditions, embeds, laterals }
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
  /** SQL of the FROM item, aliased `t0` (values it needs become parameters of `params`). */
  from: (params: Params) => string
  /** The root row as a value of the table's row type. */
  row: string
}

export function tableSource(schema: Schema, schemaName: string, name: string): Source {
  const table = findTable(schema, schemaName, name)
  if (!table) {
    const names = [...schema.tables.values()].filter((t) => t.schema === schemaName).map((t) => t.name)
    throw ERRORS.TableNotFound(schemaName, name, closest(names, name))
  }
  return {
    table,
    columns: table.columns,
    from: () => `${qualified(table.schema, table.name)} as "t0"`,
    row: '"t0"',
  }
}

export interface ReadOptions {
  count: boolean
  /** Render the rows as CSV in PostgreSQL's text format, as PostgREST does. */
  csv?: boolean
  range: { offset: number; limit: number | null } | null
  maxRows: number | null
  /** Allow aggregate functions in `select` (DB_AGGREGATES_ENABLED). */
  aggregates?: boolean
}

/** A read statement, and the statement counting its rows (for planned and estimated counts). */
export interface ReadStatement extends Statement {
  /** `select 1 from … where …`: the rows a count covers, without order and limits. */
  countQuery: Statement
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
): ReadStatement {
  checkPaths(query)
  const params = new Params()
  const ctx: Ctx = {
    schema,
    params,
    aliases: 0,
    query,
    maxRows: options.maxRows,
    aggregates: options.aggregates ?? false,
  }
  const scope: Scope = {
    table: source.table,
    columns: source.columns,
    alias: 't0',
    path: [],
    row: source.row,
    depth: 0,
  }
  const from = source.from(params)
  const compiled = compileSelect(ctx, scope, query.select)
  const where = whereSql(ctx, scope, compiled)
  const orderTerms = scoped(query.order, []).flat()
  const order = orderTerms.length ? ` order by ${orderSql(ctx, scope, orderTerms, compiled.embeds)}` : ''
  const limit = limitSql(ctx, [], options.range ?? undefined)
  const total = options.count ? `, (select count(*) from ${from}${where})::int8 as total` : ''
  const fromWhere = `from ${from}${compiled.laterals.join('')}${where}`
  const countQuery = buildCountQuery(schema, source, query, options)
  if (options.csv) {
    // A record's text form without its parentheses is a CSV line of PostgreSQL text values.
    const inner = columnsQuery(ctx, compiled.list, fromWhere, order, limit)
    return {
      sql: `select coalesce(string_agg(substr(pgrst_r::text, 2, length(pgrst_r::text) - 2), chr(10)), '') as body, count(*)::int8 as page_total${total} from (${inner}) as pgrst_r`,
      params: params.values,
      csvHeader: compiled.list.map((item) => item.keyText),
      countQuery,
    }
  }
  const inner = rowsQuery(ctx, compiled.list, fromWhere, order, limit)
  return {
    sql: `select coalesce(json_agg(pgrst_r.o), '[]')::text as body, count(*)::int8 as page_total${total} from (${inner}) as pgrst_r`,
    params: params.values,
    countQuery,
  }
}

/** `select 1 from … where …` with its own parameters (PostgREST's count query). */
function buildCountQuery(
  schema: Schema,
  source: Source,
  query: ParsedQuery,
  options: ReadOptions,
): Statement {
  const params = new Params()
  const ctx: Ctx = {
    schema,
    params,
    aliases: 0,
    query,
    maxRows: null,
    aggregates: options.aggregates ?? false,
  }
  const scope: Scope = {
    table: source.table,
    columns: source.columns,
    alias: 't0',
    path: [],
    row: source.row,
    depth: 0,
  }
  const from = source.from(params)
  // The select is compiled for its embeds (!inner, embed filters); the parameters only its output
  // used are then dropped.
  const compiled = compileSelect(ctx, scope, query.select)
  return compactParams(`select 1 from ${from}${whereSql(ctx, scope, compiled)}`, params.values)
}

/**
 * Keeps only the parameters the text uses, renumbered in order of first use (PostgreSQL cannot
 * type a parameter the statement never mentions). Quoted identifiers and literals are skipped.
 */
export function compactParams(sql: string, values: unknown[]): Statement {
  const renumbered = new Map<number, number>()
  const kept: unknown[] = []
  let out = ''
  let i = 0
  while (i < sql.length) {
    const ch = sql[i]
    if (ch === "'" || ch === '"') {
      let j = i + 1
      while (j < sql.length) {
        if (sql[j] === ch) {
          if (sql[j + 1] === ch) {
            j += 2
            continue
          }
          break
        }
        j++
      }
      out += sql.slice(i, j + 1)
      i = j + 1
      continue
    }
    const digits = ch === '$' ? /^\d+/.exec(sql.slice(i + 1)) : null
    if (digits) {
      const n = Number(digits[0])
      let m = renumbered.get(n)
      if (m === undefined) {
        kept.push(values[n - 1])
        m = kept.length
        renumbered.set(n, m)
      }
      out += `$${m}`
      i += 1 + digits[0].length
      continue
    }
    out += ch
    i++
  }
  return { sql: out, params: kept }
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
  aggregates?: boolean
}

/** The written rows as values of the table's row type, for computed fields and relationships. */
const writtenRow = (table: Table) =>
  `row(${[...table.columns.keys()].map((c) => `"t0".${ident(c)}`).join(', ')})::${qualified(table.schema, table.name)}`

/** Rows out of a writing CTE, shaped by `select` like a read. */
function wrapReturning(ctx: Ctx, table: Table, write: string, select: SelectItem[], extra = ''): string {
  const scope: Scope = {
    table,
    columns: table.columns,
    alias: 't0',
    path: [],
    row: writtenRow(table),
    depth: 0,
  }
  const compiled = compileSelect(ctx, scope, select)
  const rows = rowsQuery(ctx, compiled.list, `from pgrst_source as "t0"${compiled.laterals.join('')}`, '', '')
  return `with pgrst_source as (${write}) select coalesce(json_agg(pgrst_r.o), '[]')::text as body, count(*)::int8 as page_total${extra} from (${rows}) as pgrst_r`
}

const writeCtx = (schema: Schema, query: ParsedQuery, options: WriteOptions): Ctx => ({
  schema,
  params: new Params(),
  aliases: 0,
  query,
  maxRows: null,
  aggregates: options.aggregates ?? false,
})

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
  const ctx = writeCtx(schema, query, options)
  const { params } = ctx
  for (const name of columns) if (!table.columns.has(name)) throw ERRORS.UnknownColumnInBody(name, table.name)
  const target = qualified(table.schema, table.name)
  const bodyParam = params.add(body, 'json')
  const colList = columns.map(ident).join(', ')
  let rows: string
  if (options.missingDefault) {
    // Each absent key takes the column's DEFAULT expression (identity and serial columns their
    // sequence, domains their own default), evaluated per row as PostgreSQL would.
    const values = columns.map((name) => {
      const col = table.columns.get(name)
      const value = `(json_populate_record(null::${target}, pgrst_e.value)).${ident(name)}`
      return `case when (pgrst_e.value::jsonb) ? ${params.add(name, 'text')} then ${value} else ${col?.defaultSql ?? 'null'} end`
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
  const ctx = writeCtx(schema, query, options)
  const { params } = ctx
  for (const name of columns) if (!table.columns.has(name)) throw ERRORS.UnknownColumnInBody(name, table.name)
  const target = qualified(table.schema, table.name)
  const scope: Scope = { table, columns: table.columns, alias: 't0', path: [], row: '"t0"', depth: 0 }
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
  const ctx = writeCtx(schema, query, options)
  const scope: Scope = { table, columns: table.columns, alias: 't0', path: [], row: '"t0"', depth: 0 }
  const del = `delete from ${qualified(table.schema, table.name)} as "t0"${rootWhere(ctx, scope)}`
  if (!options.returning) return { sql: del, params: ctx.params.values }
  return {
    sql: wrapReturning(ctx, table, `${del} returning "t0".*`, options.select),
    params: ctx.params.values,
  }
}

/** Root filters of a write (embedded filters only shape the returned rows). */
function rootWhere(ctx: Ctx, scope: Scope): string {
  const probe = compileSelect({ ...ctx, params: new Params() }, scope, ctx.query.select)
  const conditions = scoped(ctx.query.filters, []).map((c) => conditionSql(ctx, scope, c, probe.embeds))
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

// ---------------------------------------------------------------------------- functions (RPC)

/** What kind of POST body an RPC call carries (GET and form bodies: `null`). */
export type RpcBody = 'json' | 'text' | 'xml' | 'bytea' | null

/** `public.fn(a => integer, b => text)`, as PostgREST lists candidates. */
const signature = (fn: DbFunction) =>
  `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`

/** A function of one unnamed argument takes the whole request body (PostgREST's single unnamed parameter). */
export const takesWholeBody = (fn: DbFunction) => fn.args.length === 1 && fn.args[0].name === ''

/**
 * The overload that the argument names (body keys or query keys) call, as PostgREST chooses it:
 * every required argument given and nothing unknown; failing that, the one function whose single
 * unnamed json/jsonb (text, xml, bytea) argument takes a POST body of that type. None is 404
 * PGRST202, several 300 PGRST203.
 */
export function resolveFunction(
  schema: Schema,
  schemaName: string,
  name: string,
  given: string[],
  body: RpcBody = 'json',
): DbFunction {
  const overloads = schema.functions.get(tableKey(schemaName, name)) ?? []
  const keys = new Set(given)
  const matches: DbFunction[] = []
  const fallbacks: DbFunction[] = []
  for (const fn of overloads) {
    if (argumentsFit(fn, keys, body)) matches.push(fn)
    else if (
      body !== null &&
      takesWholeBody(fn) &&
      ((body === 'json' && (fn.args[0].type === 'json' || fn.args[0].type === 'jsonb')) ||
        fn.args[0].type === body)
    )
      fallbacks.push(fn)
  }
  const found = matches.length ? matches : fallbacks
  if (found.length === 1) return found[0]
  if (found.length > 1) throw ERRORS.AmbiguousFunction(found.map(signature))
  const sortedKeys = [...keys].sort()
  let suggestion: string | null = null
  if (overloads.length === 0) {
    const names = [...schema.functions.values()].flat().filter((f) => f.schema === schemaName)
    suggestion = closest(
      names.map((f) => f.name),
      name,
    )
  } else {
    const asText = (names: string[]) => `(${[...names].sort().join(', ')})`
    const close = closest(
      overloads.map((f) => asText(f.args.map((a) => a.name))),
      asText(sortedKeys),
    )
    if (close !== null) suggestion = `${name}${close}`
  }
  throw ERRORS.FunctionNotFound(schemaName, name, sortedKeys, body, suggestion)
}

function argumentsFit(fn: DbFunction, keys: Set<string>, body: RpcBody): boolean {
  if (fn.args.length === 0) return keys.size === 0 && (body === null || body === 'json')
  const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name)
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name))
  const rest = [...keys].filter((k) => !optional.has(k))
  return rest.length === required.length && required.every((r) => keys.has(r))
}

/** The arguments of a call: named values, or (single unnamed argument) the whole body. */
export type RpcArgs =
  | { kind: 'named'; values: Record<string, unknown> }
  | { kind: 'whole'; value: string | Uint8Array }

/**
 * `fn(a := pgrst_args.a, …)` over `json_to_record($n) as pgrst_args(a int, …)` (a row-type
 * argument takes a JSON object, an array a JSON array or PostgreSQL array text); or `fn($n::type)`
 * when the function takes the whole body.
 */
function callSql(fn: DbFunction, args: RpcArgs, params: Params): { call: string; from: string } {
  const name = qualified(fn.schema, fn.name)
  if (args.kind === 'whole') return { call: `${name}(${params.add(args.value, fn.args[0].type)})`, from: '' }
  const given = fn.args.filter((a) => Object.hasOwn(args.values, a.name))
  const call = `${name}(${given.map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')})`
  const from = given.length
    ? `json_to_record(${params.add(JSON.stringify(args.values), 'json')}) as pgrst_args(${given.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`
    : ''
  return { call, from }
}

export type RpcShape = 'rows' | 'object' | 'scalar' | 'scalars' | 'void'

export function rpcShape(fn: DbFunction): RpcShape {
  if (fn.isVoid) return 'void'
  if (fn.returnColumns) return fn.returnsSet ? 'rows' : 'object'
  return fn.returnsSet ? 'scalars' : 'scalar'
}

/** The first column a query's root filters, order or select name (`null` when it names none). */
function namedColumn(query: ParsedQuery): string | null {
  const inCondition = (c: Condition): string | null =>
    c.kind === 'filter' ? c.field.column : (c.conditions.map(inCondition).find((n) => n !== null) ?? null)
  for (const { path, value } of query.filters) if (path.length === 0) return inCondition(value)
  for (const { path, value } of query.order) if (path.length === 0 && value[0]) return value[0].field.column
  for (const item of query.select) {
    if (item.kind === 'embed') return item.relation
    if (item.kind === 'field' && item.field.column !== '*') return item.field.column
  }
  return null
}

/**
 * The call statement. Functions returning rows are a source like a table (select, filters, order,
 * limit, count, embeds when the rows are of a table); scalars come back as one JSON value.
 */
export function buildRpc(
  schema: Schema,
  fn: DbFunction,
  args: RpcArgs,
  query: ParsedQuery,
  options: ReadOptions,
): Statement & { countQuery?: Statement } {
  const shape = rpcShape(fn)
  const source = (params: Params) => {
    const { call, from } = callSql(fn, args, params)
    return { call, from, lateral: from ? `${from} cross join lateral ` : '' }
  }
  if (shape === 'void' || shape === 'scalar') {
    const params = new Params()
    const { call, from } = source(params)
    const sql =
      shape === 'void'
        ? `select ${call}${from ? ` from ${from}` : ''}`
        : `select to_json(${call})::text as body, 1::int8 as page_total${options.count ? ', 1::int8 as total' : ''}${from ? ` from ${from}` : ''}`
    return { sql, params: params.values, countQuery: { sql: 'select 1', params: [] } }
  }
  if (shape === 'scalars') {
    // Rows of scalars or untyped records have no columns to filter, order or pick: say so rather
    // than answer every row as if the filter had matched.
    const column = namedColumn(query)
    if (column !== null) throw ERRORS.UndefinedColumn(fn.name, column)
    // `setof record` (an untyped function, as PostgREST calls it) has no column list to select
    // `from`, so it is called in the select list, where each row is a record PostgreSQL names.
    const rowsOf = (call: string, from: string, lateral: string) =>
      fn.returnType === 'record'
        ? `(select ${call} as v${from ? ` from ${from}` : ''}) as "t0"`
        : `${lateral}${call} as "t0"`
    const value = fn.returnType === 'record' ? '"t0".v' : '"t0"'
    const params = new Params()
    const { call, from, lateral } = source(params)
    const ctx: Ctx = { schema, params, aliases: 0, query, maxRows: options.maxRows, aggregates: false }
    const rows = rowsOf(call, from, lateral)
    const limit = limitSql(ctx, [], options.range ?? undefined)
    const total = options.count ? `, (select count(*) from ${rows})::int8 as total` : ''
    const countParams = new Params()
    const counted = source(countParams)
    return {
      sql: `select coalesce(json_agg(pgrst_r.v), '[]')::text as body, count(*)::int8 as page_total${total} from (select ${value} as v from ${rows}${limit}) as pgrst_r`,
      params: params.values,
      countQuery: {
        sql: `select 1 from ${rowsOf(counted.call, counted.from, counted.lateral)}`,
        params: countParams.values,
      },
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
  return buildRead(
    schema,
    {
      table,
      columns,
      from: (params) => {
        const { call, lateral } = source(params)
        return `${lateral}${call} as "t0"`
      },
      row: '"t0"',
    },
    query,
    options,
  )
}
