import { describe, expect, it } from 'vitest'
import { PublicHolidayFormSchema, TradingExceptionFormSchema } from './trading-calendar-forms.ts'

describe('a trading exception as typed in the form', () => {
  it('closed all day carries no hours', () => {
    expect(
      TradingExceptionFormSchema.parse({
        exception_date: '2026-12-01',
        closed: true,
        opens: '09:00',
        closes: '17:00',
        reason: ' Closed for stocktake ',
      }),
    ).toEqual({ exception_date: '2026-12-01', closed: true, hours: null, reason: 'Closed for stocktake' })
  })

  it('special hours read HH:MM - HH:MM, past midnight allowed', () => {
    expect(
      TradingExceptionFormSchema.parse({
        exception_date: '2026-12-31',
        closed: false,
        opens: '18:00',
        closes: '02:00',
        reason: "New Year's Eve",
      }).hours,
    ).toBe('18:00 - 02:00')
  })

  it('names the field that is missing', () => {
    const r = TradingExceptionFormSchema.safeParse({
      exception_date: '',
      closed: false,
      opens: '',
      closes: '17:00',
      reason: '',
    })
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`)).toEqual([
      'exception_date: Choose a date',
      'opens: Enter the opening time',
    ])
  })
})

describe('a public holiday as typed in the form', () => {
  it('needs a date and a name', () => {
    expect(
      PublicHolidayFormSchema.safeParse({ holiday_date: '', name: ' ', centre_closed: false }).success,
    ).toBe(false)
    expect(
      PublicHolidayFormSchema.parse({
        holiday_date: '2026-11-04',
        name: 'Election day',
        centre_closed: true,
      }),
    ).toEqual({ holiday_date: '2026-11-04', name: 'Election day', centre_closed: true })
  })
})
