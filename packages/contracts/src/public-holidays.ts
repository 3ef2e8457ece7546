import { addDays, type PublicHoliday, weekdayIndex } from './open-now.ts'

/**
 * South Africa's public holidays of a year under the Public Holidays Act (Act 36 of 1994), the
 * list the database is seeded with (migration 20261128300000) and a test holds the seed to. Section
 * 2(1) of the Act: whenever a public holiday falls on a Sunday, the Monday following it is a public
 * holiday; that Monday is listed as its own row, '(observed)'. Holidays declared for one occasion
 * (an election day) are added by an admin in the back office.
 */
export function southAfricanPublicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year)
  const fixed: Array<[string, string]> = [
    [`${year}-01-01`, "New Year's Day"],
    [`${year}-03-21`, 'Human Rights Day'],
    [addDays(easter, -2), 'Good Friday'],
    [addDays(easter, 1), 'Family Day'],
    [`${year}-04-27`, 'Freedom Day'],
    [`${year}-05-01`, "Workers' Day"],
    [`${year}-06-16`, 'Youth Day'],
    [`${year}-08-09`, "National Women's Day"],
    [`${year}-09-24`, 'Heritage Day'],
    [`${year}-12-16`, 'Day of Reconciliation'],
    [`${year}-12-25`, 'Christmas Day'],
    [`${year}-12-26`, 'Day of Goodwill'],
  ]
  const holidays: PublicHoliday[] = []
  for (const [date, name] of fixed) {
    holidays.push({ holiday_date: date, name })
    if (weekdayIndex(date) === 6)
      holidays.push({ holiday_date: addDays(date, 1), name: `${name} (observed)` })
  }
  return holidays.sort((a, b) => (a.holiday_date < b.holiday_date ? -1 : 1))
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
