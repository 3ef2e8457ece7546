/** The typed query a REST request is parsed into (pure data; see parse-query.ts). */

export interface JsonStep {
  /** `->` keeps JSON, `->>` gives text. */
  arrow: '->' | '->>'
  key: string
}

/** A column, possibly followed by a JSON path (`data->opening->>mon`). */
export interface Field {
  column: string
  json: JsonStep[]
}

export const AGGREGATES = ['count', 'sum', 'avg', 'max', 'min'] as const
export type AggregateFunction = (typeof AGGREGATES)[number]

/** `col.sum()`, `count()`: an aggregate over the selected field (`*` for `count()`), then a cast. */
export interface Aggregate {
  fn: AggregateFunction
  cast: string | null
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; alias: string | null; field: Field; cast: string | null; aggregate?: Aggregate | null }
  | {
      kind: 'embed'
      alias: string | null
      relation: string
      hint: string | null
      inner: boolean
      /**
       * `...relation(cols)`: the embed's columns are spread into the parent (to-one: their values;
       * to-many: an array of values per column).
       */
      spread: boolean
      select: SelectItem[]
    }

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
} as const

export type SimpleOperator = keyof typeof OPERATORS
export const QUANTIFIABLE = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
])
export const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const
export type FtsOperator = keyof typeof FTS_OPERATORS
export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Predicate =
  | { op: SimpleOperator; quantifier: 'any' | 'all' | null; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: FtsOperator; config: string | null; value: string }

export type Condition =
  | { kind: 'filter'; negate: boolean; field: Field; predicate: Predicate }
  | { kind: 'logic'; negate: boolean; op: 'and' | 'or'; conditions: Condition[] }

export interface OrderTerm {
  /** Ordering parents by a column of a to-one embed: `order=shop(shop_no).desc`. */
  embed: string | null
  field: Field
  direction: 'asc' | 'desc' | null
  nulls: 'first' | 'last' | null
}

/** Where a filter, order or limit applies: the root (`[]`) or an embed path by alias/name. */
export type EmbedPath = string[]

export interface Scoped<T> {
  path: EmbedPath
  value: T
}

export interface ParsedQuery {
  select: SelectItem[]
  /** Filters with their embed path; the last key segment is the column. */
  filters: Scoped<Condition>[]
  order: Scoped<OrderTerm[]>[]
  limits: Scoped<number>[]
  offsets: Scoped<number>[]
  /** Function arguments of an RPC GET (keys named as arguments of the function). */
  args: Map<string, string>
  columns: string[] | null
  onConflict: string[] | null
}
