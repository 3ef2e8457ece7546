import { describe, expect, it } from 'vitest'
import {
  arrearsBucket,
  eachLimited,
  lineItemsTotal,
  meterCharge,
  PaymentFormSchema,
  parseStatementFileName,
  RentalStatementFormSchema,
  totalsOf,
  UtilityStatementFormSchema,
} from './billing'

describe('billing totals (as the database computes them)', () => {
  it('adds 15 % VAT rounded to the cent', () => {
    expect(
      totalsOf(
        lineItemsTotal([
          { description: 'Rent', amount: 18000 },
          { description: 'Levy', amount: 450.5 },
        ]),
      ),
    ).toEqual({
      subtotal: 18450.5,
      vat: 2767.58,
      total: 21218.08,
    })
    expect(totalsOf(0.1 + 0.2)).toEqual({ subtotal: 0.3, vat: 0.05, total: 0.35 })
  })

  it('computes consumption from the readings and the amount from the tariff', () => {
    expect(meterCharge({ previous: 1000, current: 1450, rate: 3.5, units: 0, amount: 0 })).toEqual({
      units: 450,
      amount: 1575,
    })
    // No readings and no tariff: what was typed.
    expect(meterCharge({ previous: null, current: null, rate: null, units: 12, amount: 99.5 })).toEqual({
      units: 12,
      amount: 99.5,
    })
  })
})

describe('statement forms', () => {
  const rental = {
    tenant_id: '7e000000-0000-4000-8000-00000000000a',
    period: '2026-10',
    statement_date: '2026-10-01',
    due_date: '2026-10-07',
    line_items: [{ description: 'Basic rental', amount: '18000' }],
  }

  it('gives the row the REST API writes', () => {
    expect(RentalStatementFormSchema.parse(rental)).toEqual({
      ...rental,
      period: '2026-10-01',
      line_items: [{ description: 'Basic rental', amount: 18000 }],
    })
  })

  it.each([
    [{ tenant_id: '' }, 'tenant_id', 'Choose a tenant'],
    [{ period: '2026-13' }, 'period', 'Choose the month the statement is for'],
    [{ due_date: '2026-09-30' }, 'due_date', 'The due date cannot be before the statement date'],
    [{ line_items: [] }, 'line_items', 'Add at least one line'],
    [
      { line_items: [{ description: 'Rent', amount: 'R12' }] },
      'line_items',
      'Enter the amount in rand, e.g. 1250.00',
    ],
  ])('refuses %o with a message on %s', (change, field, message) => {
    const result = RentalStatementFormSchema.safeParse({ ...rental, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues.find((i) => i.path[0] === field)?.message).toBe(message)
  })

  it('checks the meter readings of a utility statement', () => {
    const base = {
      ...rental,
      line_items: [],
      electricity_meter_previous: '1450',
      electricity_meter_current: '1000',
      electricity_rate: '3.5',
      water_meter_previous: '',
      water_meter_current: '12',
      water_rate: '',
    }
    const issues = UtilityStatementFormSchema.safeParse(base).error?.issues.map((i) => [i.path[0], i.message])
    expect(issues).toEqual([
      ['electricity_meter_current', 'The current electricity reading cannot be below the previous one'],
      ['water_meter_current', 'Enter both water readings, or neither'],
    ])
  })

  it('needs a positive payment with its date and reference', () => {
    expect(
      PaymentFormSchema.safeParse({ amount: '0', paid_on: '2026-10-05', reference: 'EFT' }).success,
    ).toBe(false)
    expect(
      PaymentFormSchema.parse({ amount: '100.50', paid_on: '2026-10-05', reference: ' EFT G01 ' }),
    ).toEqual({
      amount: 100.5,
      paid_on: '2026-10-05',
      reference: 'EFT G01',
    })
  })
})

describe('arrears and bulk-upload names', () => {
  it.each([
    [0, null],
    [1, 'days_0_30'],
    [30, 'days_0_30'],
    [45, 'days_31_60'],
    [90, 'days_61_90'],
    [91, 'days_90_plus'],
  ])('%i days overdue is in %s', (days, bucket) => {
    expect(arrearsBucket(days)).toBe(bucket)
  })

  it('reads the shop and period of G01_2026-10.pdf, and explains a name it cannot read', () => {
    expect(parseStatementFileName('g01_2026-10.PDF')).toEqual({
      ok: true,
      shopNo: 'G01',
      period: '2026-10-01',
    })
    expect(parseStatementFileName('statement october.pdf')).toMatchObject({ ok: false })
    expect(parseStatementFileName('G01_2026-13.pdf')).toMatchObject({ ok: false })
  })
})

describe('eachLimited (the bulk upload lanes)', () => {
  it('runs at most `limit` at a time and carries on past a failure', async () => {
    let running = 0
    let peak = 0
    const done: number[] = []
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1
      peak = Math.max(peak, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running -= 1
      if (n === 2) throw new Error('bad file')
      done.push(n)
    })
    expect(peak).toBe(3)
    expect(done.sort()).toEqual([1, 3, 4, 5, 6, 7])
  })
})
