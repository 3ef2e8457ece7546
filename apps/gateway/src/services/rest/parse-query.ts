import { ERRORS } from './errors.ts'
import { parseFilterValue, parseLogic, parseOrder, parseSelect } from './parse-grammar.ts'
import type { Condition, EmbedPath, Field, JsonStep, ParsedQuery, Scoped } from './query-types.ts'

/**
 * Turns a REST request's query string (already form-decoded, keys may repeat) into a typed query
 * (docs/protocol/rest.md §3.2–3.5). Pure: nothing is checked against the database here; build-sql.ts
 * checks every name against the schema cache.
 */
export function parseQuery(
  params: Iterable<[string, string]>,
  options: { rpcArgs?: ReadonlySet<string> } = {},
): ParsedQuery {
  const query: ParsedQuery = {
    select: [{ kind: 'star' }],
    filters: [],
    order: [],
    limits: [],
    offsets: [],
    args: new Map(),
    columns: null,
    onConflict: null,
  }
  for (const [key, value] of params) {
    if (options.rpcArgs?.has(key)) {
      query.args.set(key, value)
      continue
    }
    if (key === 'select') {
      query.select = parseSelect(value)
      continue
    }
    if (key === 'columns') {
      query.columns = nameList(value, 'columns')
      continue
    }
    if (key === 'on_conflict') {
      query.onConflict = nameList(value, 'on_conflict')
      continue
    }
    const { path, last } = splitKey(key)
    if (last === 'order') {
      query.order.push({ path, value: parseOrder(value) })
    } else if (last === 'limit' || last === 'offset') {
      const n = nonNegativeInteger(key, value)
      ;(last === 'limit' ? query.limits : query.offsets).push({ path, value: n })
    } else if (last === 'or' || last === 'and') {
      const negate = path[path.length - 1] === 'not'
      query.filters.push({
        path: negate ? path.slice(0, -1) : path,
        value: parseLogic(last, negate, value, key),
      })
    } else {
      query.filters.push(filterFromKey(key, value))
    }
  }
  return query
}

/** `a.b.col->x` → path ['a','b'], last 'col->x' (dots inside a JSON path are part of the key). */
function splitKey(key: string): { path: EmbedPath; last: string } {
  const arrow = key.indexOf('->')
  const head = arrow === -1 ? key : key.slice(0, arrow)
  const tail = arrow === -1 ? '' : key.slice(arrow)
  const parts = head.split('.')
  const last = parts.pop() ?? ''
  return { path: parts, last: last + tail }
}

function filterFromKey(key: string, value: string): Scoped<Condition> {
  const { path, last } = splitKey(key)
  const field = fieldFromText(last, key)
  const { negate, predicate } = parseFilterValue(key, value)
  return { path, value: { kind: 'filter', negate, field, predicate } }
}

function fieldFromText(text: string, key: string): Field {
  const parts = text.split(/(->>|->)/)
  const column = parts[0]
  if (column === '') throw ERRORS.ParseError(`filter (${key})`, 'expecting a column name')
  const json: JsonStep[] = []
  for (let i = 1; i < parts.length; i += 2) {
    const arrow = parts[i] === '->>' ? '->>' : '->'
    const k = parts[i + 1]
    if (!k) throw ERRORS.ParseError(`filter (${key})`, 'expecting a JSON key after an arrow')
    json.push({ arrow, key: k })
  }
  return { column, json }
}

function nonNegativeInteger(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) {
    throw ERRORS.ParseError(`${key} parameter (${value})`, 'expecting a non-negative integer')
  }
  return Number(value)
}

/** `"a","b"` or `a,b` → ['a','b']. */
function nameList(value: string, what: string): string[] {
  const names = value.split(',').map((part) => {
    const trimmed = part.trim()
    return trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2
      ? trimmed.slice(1, -1)
      : trimmed
  })
  if (names.some((n) => n === ''))
    throw ERRORS.ParseError(`${what} parameter (${value})`, 'expecting column names')
  return names
}

/** `Range: 0-9` (items) → offset and limit, as PostgREST accepts it. */
export function parseRangeHeader(value: string | undefined): { offset: number; limit: number | null } | null {
  if (!value) return null
  const match = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(value)
  if (!match) return null
  const from = Number(match[1])
  const to = match[2] === '' ? null : Number(match[2])
  if (to !== null && to < from) return null
  return { offset: from, limit: to === null ? null : to - from + 1 }
}
