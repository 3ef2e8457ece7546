import { describe, expect, it } from 'vitest'
import { matchesFilter } from './match-filter.ts'
import { parseFilter } from './parse-filter.ts'

const parsed = (raw: string) => {
  const result = parseFilter(raw)
  if (!result.ok || !result.filter) throw new Error(`expected ${raw} to parse`)
  return result.filter
}

describe('postgres_changes filters', () => {
  it('parses column=op.value for eq, neq, lt, lte, gt, gte', () => {
    expect(parsed('unit_id=eq.12')).toEqual({ column: 'unit_id', operator: 'eq', values: ['12'] })
    for (const op of ['neq', 'lt', 'lte', 'gt', 'gte'] as const) {
      expect(parsed(`amount=${op}.1.5`)).toEqual({ column: 'amount', operator: op, values: ['1.5'] })
    }
    expect(parsed('name=eq.a=b')).toEqual({ column: 'name', operator: 'eq', values: ['a=b'] })
  })

  it('parses in lists with quoted values', () => {
    expect(parsed('status=in.(issued,paid)').values).toEqual(['issued', 'paid'])
    expect(parsed('name=in.("Smith, J","a\\"b", plain )').values).toEqual(['Smith, J', 'a"b', 'plain'])
  })

  it('has no filter when none is given', () => {
    expect(parseFilter(undefined)).toEqual({ ok: true, filter: null })
    expect(parseFilter('')).toEqual({ ok: true, filter: null })
  })

  it('refuses unsupported operators and malformed filters with a message', () => {
    expect(parseFilter('name=like.*a*')).toEqual({
      ok: false,
      message: 'operator like is not supported (supported: eq, neq, lt, lte, gt, gte, in)',
    })
    expect(parseFilter('name=foo.1')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is unknown'),
    })
    expect(parseFilter('nothing')).toMatchObject({ ok: false })
    expect(parseFilter('a=eq')).toMatchObject({ ok: false })
    expect(parseFilter('a=in.1,2')).toMatchObject({ ok: false })
  })

  it('compares numbers as numbers, times as instants, text as text', () => {
    const row = { amount: 1000.5, n: 9, at: '2026-01-31T10:00:00+00:00', name: 'Beta', ok: true, gone: null }
    expect(matchesFilter(parsed('amount=gte.1000'), row, 'numeric')).toBe(true)
    expect(matchesFilter(parsed('amount=lt.1000'), row, 'numeric')).toBe(false)
    expect(matchesFilter(parsed('n=gt.10'), row, 'int4')).toBe(false) // '9' > '10' as text, not as a number
    expect(matchesFilter(parsed('n=eq.9'), row, 'int4')).toBe(true)
    expect(matchesFilter(parsed('at=lt.2026-02-01'), row, 'timestamptz')).toBe(true)
    expect(matchesFilter(parsed('at=eq.2026-01-31T12:00:00+02:00'), row, 'timestamptz')).toBe(true)
    expect(matchesFilter(parsed('name=eq.Beta'), row, 'text')).toBe(true)
    expect(matchesFilter(parsed('name=neq.Beta'), row, 'text')).toBe(false)
    expect(matchesFilter(parsed('name=in.(Alpha,Beta)'), row, 'text')).toBe(true)
    expect(matchesFilter(parsed('ok=eq.true'), row, 'bool')).toBe(true)
    expect(matchesFilter(parsed('amount=eq.abc'), row, 'numeric')).toBe(false)
    expect(matchesFilter(parsed('amount=neq.abc'), row, 'numeric')).toBe(false)
  })

  it('never matches a null column (as in SQL)', () => {
    expect(matchesFilter(parsed('gone=eq.x'), { gone: null }, 'text')).toBe(false)
    expect(matchesFilter(parsed('gone=neq.x'), { gone: null }, 'text')).toBe(false)
    expect(matchesFilter(parsed('missing=neq.x'), {}, 'text')).toBe(false)
  })

  it('compares uuids without regard to case', () => {
    const id = '7e000000-0000-4000-8000-00000000000a'
    expect(matchesFilter(parsed(`id=eq.${id.toUpperCase()}`), { id }, 'uuid')).toBe(true)
  })
})
