import { ERRORS } from './errors.ts'
import {
  AGGREGATES,
  type Aggregate,
  type AggregateFunction,
  type Condition,
  type Field,
  FTS_OPERATORS,
  type IsValue,
  type JsonStep,
  OPERATORS,
  type OrderTerm,
  type Predicate,
  QUANTIFIABLE,
  type SelectItem,
} from './query-types.ts'

/**
 * The PostgREST query grammar (docs/protocol/rest.md §3.3–3.5) as small pure parsers over one
 * string. Each throws PGRST100 with the position and what was expected.
 */
/**
 * How deep embedded resources (`select=a(b(c(…)))`) and logic trees (`or=(and(or(…)))`) may nest:
 * far beyond any real query, and far below what would exhaust the parser's stack (a 5,000-deep
 * `select` once answered 500). Deeper is PGRST100, 400.
 */
export const MAX_NESTING = 32

class Cursor {
  pos = 0
  depth = 0
  readonly text: string
  readonly what: string
  constructor(text: string, what: string) {
    this.text = text
    this.what = what
  }
  get done() {
    return this.pos >= this.text.length
  }
  peek(n = 1) {
    return this.text.slice(this.pos, this.pos + n)
  }
  eat(token: string) {
    if (this.text.startsWith(token, this.pos)) {
      this.pos += token.length
      return true
    }
    return false
  }
  expect(token: string) {
    if (!this.eat(token)) this.fail(`"${token}"`)
  }
  /** One level deeper into parentheses; refused past MAX_NESTING. */
  enter() {
    this.depth += 1
    if (this.depth > MAX_NESTING) {
      throw ERRORS.ParseError(
        `${this.what} (${this.text.slice(0, 200)}${this.text.length > 200 ? '…' : ''})`,
        `nesting deeper than ${MAX_NESTING} levels at position ${this.pos + 1}`,
      )
    }
  }
  leave() {
    this.depth -= 1
  }
  fail(expected: string): never {
    const found = this.done ? 'end of input' : `"${this.text[this.pos]}"`
    throw ERRORS.ParseError(
      `${this.what} (${this.text})`,
      `unexpected ${found} at position ${this.pos + 1} expecting ${expected}`,
    )
  }
}

// Names stop at the grammar's punctuation; anything else (spaces, unicode, dashes inside words)
// is part of the name, as in PostgREST. Double quotes allow any character.
const NAME_STOP = new Set([',', '.', ':', '(', ')', '!', '"', '-', '>'])

function name(cur: Cursor, expected = 'a name'): string {
  if (cur.peek() === '"') return quoted(cur)
  const start = cur.pos
  while (!cur.done) {
    const ch = cur.text[cur.pos]
    if (NAME_STOP.has(ch)) {
      // A dash is part of a name unless it starts `->`.
      if (ch === '-' && cur.text[cur.pos + 1] !== '>') {
        cur.pos++
        continue
      }
      break
    }
    cur.pos++
  }
  if (cur.pos === start) cur.fail(expected)
  return cur.text.slice(start, cur.pos)
}

function quoted(cur: Cursor): string {
  cur.expect('"')
  let out = ''
  while (!cur.done && cur.peek() !== '"') {
    if (cur.peek() === '\\' && cur.pos + 1 < cur.text.length) cur.pos++
    out += cur.text[cur.pos++]
  }
  cur.expect('"')
  return out
}

function jsonPath(cur: Cursor): JsonStep[] {
  const steps: JsonStep[] = []
  while (cur.peek(2) === '->') {
    const arrow = cur.eat('->>') ? '->>' : '->'
    if (arrow === '->') cur.expect('->')
    const key = cur.peek() === '"' ? quoted(cur) : name(cur, 'a JSON key')
    steps.push({ arrow, key })
  }
  return steps
}

function field(cur: Cursor): Field {
  const column = name(cur, 'a column name')
  return { column, json: jsonPath(cur) }
}

// ---------------------------------------------------------------------------- select

export function parseSelect(text: string): SelectItem[] {
  const cur = new Cursor(text, 'select parameter')
  if (text === '') return [{ kind: 'star' }]
  const items = selectList(cur)
  if (!cur.done) cur.fail('"," or end of input')
  return items
}

function selectList(cur: Cursor): SelectItem[] {
  const items: SelectItem[] = [selectItem(cur)]
  while (cur.eat(',')) items.push(selectItem(cur))
  return items
}

function selectItem(cur: Cursor): SelectItem {
  if (cur.eat('*')) return { kind: 'star' }
  const spread = cur.eat('...')
  let alias: string | null = null
  let first = name(cur, 'a column, alias or embedded resource')
  if (!spread && cur.peek() === ':' && cur.peek(2) !== '::') {
    cur.pos++
    alias = first
    first = name(cur, 'a column or embedded resource')
  }
  // `count()` is the aggregate, never a relation called count (as in PostgREST).
  if (!spread && first === 'count' && cur.peek(2) === '()') {
    cur.pos += 2
    const cast = cur.eat('::') ? name(cur, 'a type name') : null
    return {
      kind: 'field',
      alias,
      field: { column: '*', json: [] },
      cast: null,
      aggregate: { fn: 'count', cast },
    }
  }
  if (spread && cur.peek() !== '!' && cur.peek() !== '(') cur.fail('"(" after a spread relation')
  if (cur.peek() === '!' || cur.peek() === '(') {
    let hint: string | null = null
    let inner = false
    while (cur.eat('!')) {
      const word = name(cur, 'a hint, "inner" or "left"')
      if (word === 'inner') inner = true
      else if (word === 'left') inner = false
      else if (hint === null) hint = word
      else cur.fail('"inner" or "left"')
    }
    cur.expect('(')
    cur.enter()
    const select = cur.peek() === ')' ? [] : selectList(cur)
    cur.expect(')')
    cur.leave()
    return { kind: 'embed', alias, relation: first, hint, inner, spread, select }
  }
  const path = jsonPath(cur)
  let cast: string | null = null
  if (cur.eat('::')) cast = name(cur, 'a type name')
  let aggregate: Aggregate | null = null
  if (cur.eat('.')) {
    const fn = name(cur, 'an aggregate function (count, sum, avg, max, min)')
    if (!(AGGREGATES as readonly string[]).includes(fn)) {
      cur.pos -= fn.length
      cur.fail('an aggregate function (count, sum, avg, max, min)')
    }
    cur.expect('()')
    aggregate = { fn: fn as AggregateFunction, cast: cur.eat('::') ? name(cur, 'a type name') : null }
  }
  const item: SelectItem = { kind: 'field', alias, field: { column: first, json: path }, cast }
  return aggregate ? { ...item, aggregate } : item
}

// ---------------------------------------------------------------------------- order

export function parseOrder(text: string): OrderTerm[] {
  const cur = new Cursor(text, 'order parameter')
  const terms: OrderTerm[] = []
  do {
    let embed: string | null = null
    let f = field(cur)
    if (f.json.length === 0 && cur.eat('(')) {
      embed = f.column
      f = field(cur)
      cur.expect(')')
    }
    let direction: OrderTerm['direction'] = null
    let nulls: OrderTerm['nulls'] = null
    while (cur.eat('.')) {
      const word = name(cur, '"asc", "desc", "nullsfirst" or "nullslast"')
      if ((word === 'asc' || word === 'desc') && direction === null && nulls === null) direction = word
      else if (word === 'nullsfirst' && nulls === null) nulls = 'first'
      else if (word === 'nullslast' && nulls === null) nulls = 'last'
      else {
        cur.pos -= word.length
        cur.fail('"asc", "desc", "nullsfirst" or "nullslast"')
      }
    }
    terms.push({ embed, field: f, direction, nulls })
  } while (cur.eat(','))
  if (!cur.done) cur.fail('"," or end of input')
  return terms
}

// ---------------------------------------------------------------------------- filters

const IS_VALUES = new Set<string>(['null', 'not_null', 'true', 'false', 'unknown'])

/** `[not.]op[(modifier)].value` of a query-string filter; the value runs to the end. */
export function parseFilterValue(key: string, text: string): { negate: boolean; predicate: Predicate } {
  const cur = new Cursor(text, `filter (${key})`)
  const negate = cur.eat('not.')
  const predicate = predicateAt(cur, (c) => {
    const value = c.text.slice(c.pos)
    c.pos = c.text.length
    return value
  })
  return { negate, predicate }
}

function predicateAt(cur: Cursor, readValue: (cur: Cursor) => string): Predicate {
  const start = cur.pos
  const op = name(cur, 'an operator (eq, neq, gt, gte, lt, lte, like, ilike, match, imatch, in, is, …)')
  if (op === 'in') {
    cur.expect('.')
    return { op: 'in', values: inList(readValue(cur), cur) }
  }
  if (op === 'is') {
    cur.expect('.')
    const value = readValue(cur)
    if (!IS_VALUES.has(value.toLowerCase())) {
      cur.pos = cur.text.length
      cur.fail('null, not_null, true, false or unknown')
    }
    return { op: 'is', value: value.toLowerCase() as IsValue }
  }
  if (Object.hasOwn(FTS_OPERATORS, op)) {
    let config: string | null = null
    if (cur.eat('(')) {
      config = name(cur, 'a text search configuration')
      cur.expect(')')
    }
    cur.expect('.')
    return { op: op as keyof typeof FTS_OPERATORS, config, value: readValue(cur) }
  }
  if (Object.hasOwn(OPERATORS, op)) {
    let quantifier: 'any' | 'all' | null = null
    if (cur.eat('(')) {
      if (!QUANTIFIABLE.has(op)) cur.fail('"."')
      const word = name(cur, '"any" or "all"')
      if (word !== 'any' && word !== 'all') {
        cur.pos -= word.length
        cur.fail('"any" or "all"')
      }
      quantifier = word
      cur.expect(')')
    }
    cur.expect('.')
    return { op: op as keyof typeof OPERATORS, quantifier, value: readValue(cur) }
  }
  cur.pos = start
  cur.fail('a known operator')
}

/** `(a,b,"c,d")` → values; quoted items may contain `,()` and escaped `"`/`\`. */
function inList(text: string, outer: Cursor): string[] {
  const cur = new Cursor(text, outer.what)
  cur.expect('(')
  const values: string[] = []
  if (cur.eat(')')) {
    if (!cur.done) cur.fail('end of input')
    return values
  }
  do {
    if (cur.peek() === '"') values.push(quoted(cur))
    else {
      const start = cur.pos
      while (!cur.done && cur.peek() !== ',' && cur.peek() !== ')') cur.pos++
      values.push(cur.text.slice(start, cur.pos))
    }
  } while (cur.eat(','))
  cur.expect(')')
  if (!cur.done) cur.fail('end of input')
  return values
}

/** The value of `or=(…)` / `and=(…)`: a parenthesised, comma-separated list of conditions. */
export function parseLogic(op: 'and' | 'or', negate: boolean, text: string, key: string): Condition {
  const cur = new Cursor(text, `logic tree (${key})`)
  cur.expect('(')
  const conditions = conditionList(cur)
  cur.expect(')')
  if (!cur.done) cur.fail('end of input')
  return { kind: 'logic', negate, op, conditions }
}

function conditionList(cur: Cursor): Condition[] {
  const list = [condition(cur)]
  while (cur.eat(',')) list.push(condition(cur))
  return list
}

function condition(cur: Cursor): Condition {
  const negate = cur.eat('not.')
  for (const op of ['and', 'or'] as const) {
    if (cur.peek(op.length + 1) === `${op}(`) {
      cur.pos += op.length + 1
      cur.enter()
      const conditions = conditionList(cur)
      cur.expect(')')
      cur.leave()
      return { kind: 'logic', negate, op, conditions }
    }
  }
  const f = field(cur)
  cur.expect('.')
  const innerNegate = cur.eat('not.')
  const predicate = predicateAt(cur, logicValue)
  return { kind: 'filter', negate: negate !== innerNegate, field: f, predicate }
}

/** A value inside a logic tree: quoted, or up to the next `,`/`)` outside brackets. */
function logicValue(cur: Cursor): string {
  if (cur.peek() === '"') return quoted(cur)
  const start = cur.pos
  let depth = 0
  while (!cur.done) {
    const ch = cur.peek()
    if (ch === '(' || ch === '{' || ch === '[') depth++
    else if (ch === ')' || ch === '}' || ch === ']') {
      if (depth === 0) break
      depth--
    } else if (ch === ',' && depth === 0) break
    cur.pos++
  }
  return cur.text.slice(start, cur.pos)
}
