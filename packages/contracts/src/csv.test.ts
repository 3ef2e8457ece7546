import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { csvField, toCsv, toCsvFromRecords } from './csv.ts'

/** A strict RFC 4180 reader, to read back what the writer wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let i = 0
  let quoted = false
  while (i < text.length) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i += 2
      } else if (ch === '"') {
        quoted = false
        i += 1
      } else {
        field += ch
        i += 1
      }
    } else if (ch === '"' && field === '') {
      quoted = true
      i += 1
    } else if (ch === ',') {
      row.push(field)
      field = ''
      i += 1
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i += 2
    } else {
      if (ch === '"' || ch === '\r' || ch === '\n') throw new Error(`bare ${JSON.stringify(ch)} at ${i}`)
      field += ch
      i += 1
    }
  }
  if (field !== '' || row.length > 0) throw new Error('the last record has no CRLF')
  return rows
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r']

describe('the CSV writer', () => {
  it.each([
    ['=HYPERLINK("https://evil.example","Click")', `"'=HYPERLINK(""https://evil.example"",""Click"")"`],
    ['+27 11 274 5310', "'+27 11 274 5310"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ['Fresh Basket, Market', '"Fresh Basket, Market"'],
    ['Line one\nline two', '"Line one\nline two"'],
    ['plain', 'plain'],
    ['', ''],
    [' =not first', ' =not first'],
  ])('writes the text %j as %j', (input, expected) => {
    expect(csvField(input)).toBe(expected)
  })

  it('writes numbers, booleans, dates and empty values as values', () => {
    expect(
      toCsv([[-5, 12.5, 10n, true, new Date('2026-11-23T10:00:00Z'), null, undefined, Number.NaN]]),
    ).toBe('-5,12.5,10,true,2026-11-23T10:00:00.000Z,,,\r\n')
  })

  it('writes records with a header, and a BOM when asked', () => {
    const csv = toCsvFromRecords(
      [
        { header: 'Shop', value: (r: { name: string; due: number }) => r.name },
        { header: 'Due', value: (r) => r.due },
      ],
      [
        { name: 'Bean Theory Coffee', due: 1250 },
        { name: '=cmd', due: -10 },
      ],
      { bom: true },
    )
    expect(csv).toBe("\uFEFFShop,Due\r\nBean Theory Coffee,1250\r\n'=cmd,-10\r\n")
  })

  it('never lets a text cell start a formula, and reads back to what was written', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(
            fc.oneof(
              fc.string(),
              fc.constantFrom(...FORMULA_START).chain((c) => fc.string().map((s) => c + s)),
            ),
            { minLength: 1, maxLength: 5 },
          ),
          { minLength: 1, maxLength: 5 },
        ),
        (rows) => {
          const back = parseCsv(toCsv(rows))
          expect(back).toHaveLength(rows.length)
          for (const [r, row] of back.entries()) {
            for (const [c, cell] of row.entries()) {
              expect(FORMULA_START.includes(cell[0] ?? '')).toBe(false)
              const original = rows[r][c]
              expect(cell).toBe(FORMULA_START.includes(original[0] ?? '') ? `'${original}` : original)
            }
          }
        },
      ),
    )
  })
})
