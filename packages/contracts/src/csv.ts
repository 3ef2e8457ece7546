/**
 * The one CSV writer of the product (issue 11 item 10; OWASP "CSV injection"): every export a user
 * can download (tenants, statements, enquiries, subscribers, …) is written here, for the browser or
 * the gateway alike.
 *
 * RFC 4180: fields separated by commas, records by CRLF; a field holding a comma, a quote, CR or
 * LF is quoted, quotes doubled. And no text cell can start a formula when the file is opened in a
 * spreadsheet: a cell beginning with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed
 * with a single quote (`'=1+1`), which spreadsheets show as text. Numbers, booleans and dates are
 * written as values (a negative number stays `-5`: it is a number, not text a spreadsheet could
 * read as a formula).
 *
 *   import { toCsv } from '@genesis/contracts/csv'
 *   const csv = toCsv([['Shop', 'Balance'], ...rows.map((r) => [r.tradingName, r.balance])])
 *   new Blob([csv], { type: 'text/csv;charset=utf-8' })
 */
export type CsvCell = string | number | bigint | boolean | Date | null | undefined

/** First characters that make a spreadsheet read a cell as a formula (or hide its start). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r'])

/** A text cell as a spreadsheet must show it: as text, never as a formula. */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_START.has(text[0]) ? `'${text}` : text
}

/** One field of a record, quoted when it must be. */
export function csvField(value: CsvCell): string {
  let text: string
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return ''
    text = String(value)
  } else if (typeof value === 'bigint' || typeof value === 'boolean') {
    text = String(value)
  } else if (value instanceof Date) {
    text = Number.isNaN(value.getTime()) ? '' : value.toISOString()
  } else {
    text = neutraliseFormula(value)
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A whole file: one record per row (the header is simply the first row), CRLF between records
 * and after the last. `bom: true` starts it with a UTF-8 byte-order mark, which Excel needs to
 * read accents (é, ñ) correctly.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: { bom?: boolean } = {}): string {
  const body = rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('')
  return options.bom ? `\uFEFF${body}` : body
}

/** Records from objects: each column's header and how to read its value from a row. */
export function toCsvFromRecords<T>(
  columns: readonly { header: string; value: (row: T) => CsvCell }[],
  rows: readonly T[],
  options: { bom?: boolean } = {},
): string {
  return toCsv(
    [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))],
    options,
  )
}
