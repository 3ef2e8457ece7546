/**
 * The `filter` of a postgres_changes subscription (docs/protocol/realtime.md §6.5): `column=op.value`,
 * e.g. `tenant_id=eq.7e00…`, `amount_due=gte.1000`, `status=in.(issued,paid)`. The operators
 * eq, neq, lt, lte, gt, gte and in are supported; anything else is refused with a message that
 * the join sends back as a system error.
 */
export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'

export interface Filter {
  column: string
  operator: FilterOperator
  /** One value, or several for `in`. */
  values: string[]
}

export type ParsedFilter = { ok: true; filter: Filter | null } | { ok: false; message: string }

const SUPPORTED = new Set<string>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'])
const KNOWN_UNSUPPORTED = new Set(['like', 'ilike', 'is', 'match', 'imatch', 'isdistinct', 'not'])

function isOperator(op: string): op is FilterOperator {
  return SUPPORTED.has(op)
}

export function parseFilter(raw: string | undefined): ParsedFilter {
  if (raw === undefined || raw === '') return { ok: true, filter: null }
  const equals = raw.indexOf('=')
  if (equals <= 0) return { ok: false, message: `${raw} is not of the form column=operator.value` }
  const column = raw.slice(0, equals)
  const rest = raw.slice(equals + 1)
  const dot = rest.indexOf('.')
  if (dot <= 0) return { ok: false, message: `${raw} is not of the form column=operator.value` }
  const op = rest.slice(0, dot)
  const value = rest.slice(dot + 1)
  if (!isOperator(op)) {
    const why = KNOWN_UNSUPPORTED.has(op) ? 'is not supported' : 'is unknown'
    return {
      ok: false,
      message: `operator ${op} ${why} (supported: eq, neq, lt, lte, gt, gte, in)`,
    }
  }
  if (op !== 'in') return { ok: true, filter: { column, operator: op, values: [unquote(value)] } }
  const list = parseList(value)
  if (!list) return { ok: false, message: `${value} is not a list of the form (a,b,c)` }
  return { ok: true, filter: { column, operator: 'in', values: list } }
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']; double quotes protect `,()` and edge spaces, `\` escapes. */
function parseList(text: string): string[] | null {
  if (!text.startsWith('(') || !text.endsWith(')')) return null
  const inner = text.slice(1, -1)
  const values: string[] = []
  let current = ''
  let quoted = false
  let wasQuoted = false
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]
    if (quoted) {
      if (ch === '\\' && i + 1 < inner.length) current += inner[++i]
      else if (ch === '"') quoted = false
      else current += ch
    } else if (ch === '"') {
      quoted = true
      wasQuoted = true
    } else if (ch === ',') {
      values.push(wasQuoted ? current : current.trim())
      current = ''
      wasQuoted = false
    } else current += ch
  }
  if (quoted) return null
  values.push(wasQuoted ? current : current.trim())
  return values
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}
