import { describe, expect, it } from 'vitest'
import { easterSunday, southAfricanPublicHolidays } from './public-holidays.ts'

describe('southAfricanPublicHolidays', () => {
  it('computes Easter for the years seeded', () => {
    expect(easterSunday(2026)).toBe('2026-04-05')
    expect(easterSunday(2027)).toBe('2027-03-28')
  })

  it('lists 2026 with Women’s Day (a Sunday) observed on Monday 10 August', () => {
    expect(southAfricanPublicHolidays(2026).map((h) => `${h.holiday_date} ${h.name}`)).toEqual([
      "2026-01-01 New Year's Day",
      '2026-03-21 Human Rights Day',
      '2026-04-03 Good Friday',
      '2026-04-06 Family Day',
      '2026-04-27 Freedom Day',
      "2026-05-01 Workers' Day",
      '2026-06-16 Youth Day',
      "2026-08-09 National Women's Day",
      "2026-08-10 National Women's Day (observed)",
      '2026-09-24 Heritage Day',
      '2026-12-16 Day of Reconciliation',
      '2026-12-25 Christmas Day',
      '2026-12-26 Day of Goodwill',
    ])
  })

  it('lists 2027 with Human Rights Day and the Day of Goodwill (Sundays) observed on Mondays', () => {
    expect(southAfricanPublicHolidays(2027).map((h) => `${h.holiday_date} ${h.name}`)).toEqual([
      "2027-01-01 New Year's Day",
      '2027-03-21 Human Rights Day',
      '2027-03-22 Human Rights Day (observed)',
      '2027-03-26 Good Friday',
      '2027-03-29 Family Day',
      '2027-04-27 Freedom Day',
      "2027-05-01 Workers' Day",
      '2027-06-16 Youth Day',
      "2027-08-09 National Women's Day",
      '2027-09-24 Heritage Day',
      '2027-12-16 Day of Reconciliation',
      '2027-12-25 Christmas Day',
      '2027-12-26 Day of Goodwill',
      '2027-12-27 Day of Goodwill (observed)',
    ])
  })
})
