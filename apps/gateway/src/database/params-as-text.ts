/**
 * Parameters as node-postgres sends them (postgres.ts), when each is text, a number, a boolean or
 * null: their text, for PostgreSQL to read as the type it infers. Anything else (objects, arrays,
 * dates, byte arrays) gives undefined: those go through PGlite's own `query`, which first asks
 * PostgreSQL for the parameter types and serialises each value for its type.
 */
export function paramsAsText(params: unknown[]): (string | null)[] | undefined {
  const text: (string | null)[] = []
  for (const value of params) {
    if (value === null || value === undefined) text.push(null)
    else if (typeof value === 'string') text.push(value)
    else if (
      (typeof value === 'number' && Number.isFinite(value)) ||
      typeof value === 'boolean' ||
      typeof value === 'bigint'
    )
      text.push(String(value))
    else return undefined
  }
  return text
}
