/**
 * Reads PostgreSQL's `pg_node_tree` text (what `pg_rewrite.ev_action::text` shows for a view) far
 * enough to learn where each view column comes from: the top-level query's target list carries,
 * per output column, the base table and column it is a plain reference to (`resorigtbl`,
 * `resorigcol`). The schema cache uses this to give views the primary keys and foreign keys of
 * the tables under them, so that embedding works through views as PostgREST does it.
 *
 * The format (src/backend/nodes/outfuncs.c): a node is `{NAME :field value …}`, a list is
 * `(item …)` (integer, OID and bitmap lists start with `i`, `o`, `b`), a null pointer is `<>`,
 * and tokens escape whitespace, parentheses, braces and backslashes with a backslash. A datum is
 * `len [ b0 b1 … ]`.
 */
export type TreeValue = string | null | TreeNode | TreeValue[]
export interface TreeNode {
  node: string
  fields: Record<string, TreeValue>
}

function tokenize(text: string): string[] {
  const tokens: string[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i]
    if (ch === ' ' || ch === '\n' || ch === '\t' || ch === '\r') {
      i++
      continue
    }
    if (ch === '(' || ch === ')' || ch === '{' || ch === '}') {
      tokens.push(ch)
      i++
      continue
    }
    let token = ''
    while (i < text.length) {
      const c = text[i]
      if (c === '\\' && i + 1 < text.length) {
        token += text[i + 1]
        i += 2
        continue
      }
      if (
        c === ' ' ||
        c === '\n' ||
        c === '\t' ||
        c === '\r' ||
        c === '(' ||
        c === ')' ||
        c === '{' ||
        c === '}'
      )
        break
      token += c
      i++
    }
    tokens.push(token)
  }
  return tokens
}

class Reader {
  pos = 0
  readonly tokens: string[]
  constructor(tokens: string[]) {
    this.tokens = tokens
  }
  peek(): string | undefined {
    return this.tokens[this.pos]
  }
  next(): string {
    const token = this.tokens[this.pos++]
    if (token === undefined) throw new Error('unexpected end of node tree')
    return token
  }
}

function readValue(r: Reader): TreeValue {
  const token = r.next()
  if (token === '{') return readNode(r)
  if (token === '(') {
    const items: TreeValue[] = []
    while (r.peek() !== ')') items.push(readValue(r))
    r.next()
    return items
  }
  if (token === '<>') return null
  return token
}

function readNode(r: Reader): TreeNode {
  const node = r.next()
  const fields: Record<string, TreeValue> = {}
  while (r.peek() !== '}') {
    const key = r.next()
    if (!key.startsWith(':')) continue // the bytes of a datum, `[ 1 0 0 0 ]`: skipped
    fields[key.slice(1)] = r.peek()?.startsWith(':') || r.peek() === '}' ? null : readValue(r)
  }
  r.next()
  return { node, fields }
}

export function parseNodeTree(text: string): TreeValue {
  const r = new Reader(tokenize(text))
  const value = readValue(r)
  return value
}

/** Where one view column comes from: a column of a table or view (by OID and attribute number). */
export interface ColumnOrigin {
  /** The view column's attribute number (its position in the view). */
  column: number
  table: number
  tableColumn: number
}

const isNode = (v: TreeValue | undefined): v is TreeNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** The plain column references among a view's output columns (junk and computed columns left out). */
export function viewColumnOrigins(evAction: string): ColumnOrigin[] {
  const tree = parseNodeTree(evAction)
  const query = Array.isArray(tree) ? tree[0] : tree
  if (!isNode(query) || query.node !== 'QUERY') return []
  const targets = query.fields.targetList
  if (!Array.isArray(targets)) return []
  const origins: ColumnOrigin[] = []
  for (const entry of targets) {
    if (!isNode(entry) || entry.node !== 'TARGETENTRY') continue
    const { resno, resorigtbl, resorigcol, resjunk } = entry.fields
    if (resjunk === 'true') continue
    const column = Number(resno)
    const table = Number(resorigtbl)
    const tableColumn = Number(resorigcol)
    if (Number.isInteger(column) && table > 0 && tableColumn > 0) origins.push({ column, table, tableColumn })
  }
  return origins
}
