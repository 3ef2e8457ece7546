/**
 * The relationships the REST service can embed along, derived from the catalogue as PostgREST 12/13
 * derives them (read from its documentation and schema-cache behaviour):
 *
 * - every foreign key is a many-to-one from its table and a one-to-many back; when its columns are
 *   also the table's primary key or a unique key it is one-to-one both ways;
 * - a table whose foreign keys to two tables are all part of its primary key is a junction: the two
 *   tables are many-to-many through it;
 * - a view column that is a plain reference to a table column carries that column's keys, so views
 *   take part in all of the above (table → view, view → table, view → view);
 * - a function taking one row of a table (or view) and returning rows of a table is a computed
 *   relationship named after the function (to-one when it returns one row or is declared `rows 1`).
 */
export interface TableRef {
  schema: string
  name: string
}

export type ColumnPairs = [string, string][]

export type Cardinality =
  | { kind: 'm2o' | 'o2m'; constraint: string; columns: ColumnPairs }
  | { kind: 'o2o'; constraint: string; columns: ColumnPairs; isParent: boolean }
  | { kind: 'm2m'; junction: Junction }

export interface Junction {
  table: TableRef
  constraint1: string
  constraint2: string
  /** Pairs of (origin column, junction column). */
  source: ColumnPairs
  /** Pairs of (target column, junction column). */
  target: ColumnPairs
}

export type Relationship =
  | {
      kind: 'fk'
      table: TableRef
      foreignTable: TableRef
      isSelf: boolean
      cardinality: Cardinality
      tableIsView: boolean
      foreignTableIsView: boolean
    }
  | {
      kind: 'computed'
      function: TableRef
      table: TableRef
      foreignTable: TableRef
      toOne: boolean
      isSelf: boolean
    }

/** A foreign key (or a view's image of one): pairs are (column of `table`, column of `foreignTable`). */
export interface KeyLink {
  constraint: string
  table: TableRef
  foreignTable: TableRef
  columns: ColumnPairs
  oneToOne: boolean
  tableIsView: boolean
  foreignTableIsView: boolean
}

export interface RelationshipInput {
  links: KeyLink[]
  /** Primary keys by table key, for finding junction tables. */
  primaryKeys: Map<string, string[]>
  computed: Extract<Relationship, { kind: 'computed' }>[]
  exposed: string[]
}

const key = (t: TableRef) => `${t.schema}.${t.name}`
const same = (a: TableRef, b: TableRef) => a.schema === b.schema && a.name === b.name
const swap = (pairs: ColumnPairs): ColumnPairs => pairs.map(([a, b]) => [b, a])

export const isToOne = (rel: Relationship) =>
  rel.kind === 'computed' ? rel.toOne : rel.cardinality.kind === 'm2o' || rel.cardinality.kind === 'o2o'

const CARDINALITY_ORDER = { o2m: 0, m2o: 1, o2o: 2, m2m: 3 }

function sortKey(rel: Relationship): string {
  if (rel.kind === 'computed') return `1|${key(rel.foreignTable)}|${key(rel.function)}`
  const c = rel.cardinality
  const name = c.kind === 'm2m' ? `${key(c.junction.table)}|${c.junction.constraint1}` : c.constraint
  return `0|${key(rel.foreignTable)}|${rel.isSelf ? 1 : 0}|${CARDINALITY_ORDER[c.kind]}|${name}`
}

/** Every relationship, keyed by the table it starts from. */
export function buildRelationships(input: RelationshipInput): Map<string, Relationship[]> {
  const rels: Relationship[] = []
  const toOne: Relationship[] = input.links.map((link) => ({
    kind: 'fk',
    table: link.table,
    foreignTable: link.foreignTable,
    isSelf: same(link.table, link.foreignTable),
    cardinality: link.oneToOne
      ? { kind: 'o2o', constraint: link.constraint, columns: link.columns, isParent: false }
      : { kind: 'm2o', constraint: link.constraint, columns: link.columns },
    tableIsView: link.tableIsView,
    foreignTableIsView: link.foreignTableIsView,
  }))
  rels.push(...toOne)

  // Junctions: two different foreign keys from one table whose columns all belong to its primary key.
  for (const a of toOne) {
    for (const b of toOne) {
      if (a.kind !== 'fk' || b.kind !== 'fk' || !same(a.table, b.table)) continue
      if (a.cardinality.kind !== 'm2o' || b.cardinality.kind !== 'm2o') continue
      if (a.cardinality.constraint === b.cardinality.constraint) continue
      const pk = new Set(input.primaryKeys.get(key(a.table)) ?? [])
      const used = [...a.cardinality.columns, ...b.cardinality.columns].map(([col]) => col)
      if (!used.every((col) => pk.has(col))) continue
      rels.push({
        kind: 'fk',
        table: a.foreignTable,
        foreignTable: b.foreignTable,
        isSelf: same(a.foreignTable, b.foreignTable),
        cardinality: {
          kind: 'm2m',
          junction: {
            table: a.table,
            constraint1: a.cardinality.constraint,
            constraint2: b.cardinality.constraint,
            source: swap(a.cardinality.columns),
            target: swap(b.cardinality.columns),
          },
        },
        tableIsView: a.foreignTableIsView,
        foreignTableIsView: b.foreignTableIsView,
      })
    }
  }

  // The other direction of every to-one.
  for (const rel of toOne) {
    if (rel.kind !== 'fk') continue
    const c = rel.cardinality
    if (c.kind !== 'm2o' && c.kind !== 'o2o') continue
    rels.push({
      kind: 'fk',
      table: rel.foreignTable,
      foreignTable: rel.table,
      isSelf: rel.isSelf,
      cardinality:
        c.kind === 'o2o'
          ? { kind: 'o2o', constraint: c.constraint, columns: swap(c.columns), isParent: !c.isParent }
          : { kind: 'o2m', constraint: c.constraint, columns: swap(c.columns) },
      tableIsView: rel.foreignTableIsView,
      foreignTableIsView: rel.tableIsView,
    })
  }

  const exposed = new Set(input.exposed)
  const visible = (rel: Relationship) =>
    exposed.has(rel.table.schema) &&
    exposed.has(rel.foreignTable.schema) &&
    !(
      rel.kind === 'fk' &&
      rel.cardinality.kind === 'm2m' &&
      !exposed.has(rel.cardinality.junction.table.schema)
    )

  const map = new Map<string, Relationship[]>()
  // A computed relationship replaces a detected one of the same name from the same table.
  const computedNames = new Set(input.computed.map((c) => `${key(c.table)}|${c.function.name}`))
  for (const rel of [...rels, ...input.computed]) {
    if (!visible(rel)) continue
    if (rel.kind === 'fk' && computedNames.has(`${key(rel.table)}|${rel.foreignTable.name}`)) continue
    const k = key(rel.table)
    map.set(k, [...(map.get(k) ?? []), rel])
  }
  for (const list of map.values())
    list.sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
  return map
}

// ---------------------------------------------------------------------------- choosing one

const singleColumn = (c: Cardinality, side: 0 | 1): string | null =>
  c.kind !== 'm2m' && c.columns.length === 1 ? c.columns[0][side] : null

/**
 * The relationships an embed `target[!hint]` from `origin` can mean, by PostgREST's rules: the
 * target names the table (or view), a foreign-key constraint, or the foreign-key column; a hint
 * names a constraint, a column on either side, or a junction table. In a self-relationship the
 * table name means the children (one-to-many), the foreign-key column means the parent, and a hint
 * must name the children's foreign-key column.
 */
export function matchRelationships(
  rels: Relationship[],
  target: string,
  hint: string | null,
): Relationship[] {
  return rels.filter((rel) => {
    if (rel.kind === 'computed') return target === rel.function.name
    const c = rel.cardinality
    const constraintIs = (name: string) => c.kind !== 'm2m' && c.constraint === name
    if (rel.isSelf) {
      if (hint === null)
        return (
          (target === rel.foreignTable.name && c.kind === 'o2m') ||
          (c.kind === 'm2o' && singleColumn(c, 0) === target)
        )
      return target === rel.foreignTable.name && c.kind === 'o2m' && singleColumn(c, 1) === hint
    }
    if (hint === null)
      return (
        target === rel.foreignTable.name ||
        (!rel.foreignTableIsView && (constraintIs(target) || singleColumn(c, 0) === target))
      )
    return (
      target === rel.foreignTable.name &&
      (constraintIs(hint) ||
        singleColumn(c, 0) === hint ||
        singleColumn(c, 1) === hint ||
        (c.kind === 'm2m' && c.junction.table.name === hint))
    )
  })
}

/** One candidate of an ambiguous embed, as PostgREST lists it in PGRST201's `details`. */
export function describeRelationship(rel: Relationship): Record<string, string> {
  if (rel.kind === 'computed') return {}
  const list = (cols: string[]) => `(${cols.join(', ')})`
  const c = rel.cardinality
  const embedding = `${rel.table.name} with ${rel.foreignTable.name}`
  if (c.kind === 'm2m') {
    const j = c.junction
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${j.table.name} using ${j.constraint1}${list(j.source.map(([, jc]) => jc))} and ${j.constraint2}${list(j.target.map(([, jc]) => jc))}`,
    }
  }
  const names = { m2o: 'many-to-one', o2m: 'one-to-many', o2o: 'one-to-one' }
  return {
    cardinality: names[c.kind],
    embedding,
    relationship: `${c.constraint} using ${rel.table.name}${list(c.columns.map(([a]) => a))} and ${rel.foreignTable.name}${list(c.columns.map(([, b]) => b))}`,
  }
}

/** The `'target!hint'` a client can write to pick this relationship (PGRST201's hint). */
export function relationshipHint(rel: Relationship): string {
  if (rel.kind === 'computed') return ''
  const c = rel.cardinality
  return `'${rel.foreignTable.name}!${c.kind === 'm2m' ? c.junction.table.name : c.constraint}'`
}
