import type { Filter } from './parse-filter.ts'

const NUMERIC_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money'])
const TIME_TYPES = new Set(['date', 'timestamp', 'timestamptz', 'time', 'timetz'])

/**
 * Whether a row (as PostgreSQL's JSON prints it) passes a subscription filter, comparing the way
 * the column's type compares: numbers as numbers, times as instants, the rest as text. This only
 * narrows what a subscriber asked for; who may see the row at all is decided by RLS elsewhere.
 * Like SQL, a null column never matches.
 */
export function matchesFilter(filter: Filter, record: Record<string, unknown>, columnType: string): boolean {
  const value = record[filter.column]
  if (value === null || value === undefined) return false
  const compare = comparator(columnType)
  const results = filter.values.map((expected) => compare(value, expected))
  switch (filter.operator) {
    case 'eq':
      return results[0] === 0
    case 'neq':
      return results[0] !== 0 && !Number.isNaN(results[0])
    case 'lt':
      return results[0] < 0
    case 'lte':
      return results[0] <= 0
    case 'gt':
      return results[0] > 0
    case 'gte':
      return results[0] >= 0
    case 'in':
      return results.includes(0)
  }
}

/** Returns <0, 0, >0, or NaN when the two cannot be compared. */
function comparator(columnType: string): (value: unknown, expected: string) => number {
  if (NUMERIC_TYPES.has(columnType)) {
    return (value, expected) => {
      const a = typeof value === 'number' ? value : Number(value)
      const b = Number(expected)
      if (Number.isNaN(a) || Number.isNaN(b) || expected.trim() === '') return Number.NaN
      return a - b
    }
  }
  if (columnType === 'bool') {
    return (value, expected) => {
      const b = parseBool(expected)
      if (b === undefined || typeof value !== 'boolean') return Number.NaN
      return Number(value) - Number(b)
    }
  }
  if (TIME_TYPES.has(columnType) && columnType !== 'time' && columnType !== 'timetz') {
    return (value, expected) => {
      const a = Date.parse(String(value))
      const b = Date.parse(expected)
      if (Number.isNaN(a) || Number.isNaN(b)) return textCompare(String(value), expected)
      return a - b
    }
  }
  if (columnType === 'uuid') {
    return (value, expected) => textCompare(String(value).toLowerCase(), expected.toLowerCase())
  }
  return (value, expected) => textCompare(typeof value === 'string' ? value : JSON.stringify(value), expected)
}

function textCompare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function parseBool(text: string): boolean | undefined {
  const t = text.toLowerCase()
  if (['true', 't', 'yes', 'y', 'on', '1'].includes(t)) return true
  if (['false', 'f', 'no', 'n', 'off', '0'].includes(t)) return false
  return undefined
}
