import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addDays,
  type OpenStatus,
  openStatus,
  type PublicHoliday,
  parseHoursRange,
  sastClock,
  type TradingCalendar,
  type TradingException,
  weekdayIndex,
  weekdayOf,
} from './open-now.ts'
import { WEEKDAYS } from './opening-hours.ts'

/**
 * `openStatus` before decision 061, word for word: it read all fifteen days ahead for every store
 * and merged them, then looked for the stretch the instant falls in or the next opening. The
 * status now reads days only until the answer is settled; it must give the same answer for any
 * hours, holidays, exceptions and instant.
 */
function openStatusReadingEveryDay(calendar: TradingCalendar, instant: Date | number): OpenStatus {
  const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
  const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
  const two = (n: number) => String(n).padStart(2, '0')
  const clockText = (minutes: number) => `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`
  const planOf = (date: string) => {
    const exception = calendar.exceptions?.find((e) => e.exception_date === date)
    if (exception) {
      const reason = exception.reason.trim() || (exception.closed ? 'Closed today' : 'Special hours')
      return { interval: exception.closed ? null : parseHoursRange(exception.hours), note: reason }
    }
    const holiday = calendar.holidays?.find((h) => h.holiday_date === date)
    if (holiday) {
      return {
        interval: holiday.centre_closed ? null : parseHoursRange(calendar.hours.sunday),
        note: holiday.name,
      }
    }
    return { interval: parseHoursRange(calendar.hours[weekdayOf(date)]), note: null }
  }
  const now = sastClock(instant)
  const today = planOf(now.date)
  const yesterday = planOf(addDays(now.date, -1))
  const everyDayBlankOrUnknown = WEEKDAYS.every((d) => {
    const p = parseHoursRange(calendar.hours[d])
    return p === null || p === 'unknown'
  })
  if (today.interval === 'unknown') return { state: 'unknown', label: null, note: today.note }
  if (everyDayBlankOrUnknown && today.interval === null && !today.note) {
    return { state: 'unknown', label: null, note: null }
  }
  const intervals: Array<{ start: number; end: number; note: string | null }> = []
  if (yesterday.interval !== null && yesterday.interval !== 'unknown' && yesterday.interval.close > 1440) {
    intervals.push({
      start: yesterday.interval.open - 1440,
      end: yesterday.interval.close - 1440,
      note: null,
    })
  }
  for (let day = 0; day <= 14; day++) {
    const plan = day === 0 ? today : planOf(addDays(now.date, day))
    if (plan.interval === null || plan.interval === 'unknown') continue
    intervals.push({
      start: plan.interval.open + day * 1440,
      end: plan.interval.close + day * 1440,
      note: plan.note,
    })
  }
  const merged: typeof intervals = []
  for (const interval of intervals) {
    const last = merged.at(-1)
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end)
    else merged.push({ ...interval })
  }
  const current = merged.find((i) => i.start <= now.minutes && now.minutes < i.end)
  if (current) {
    if (current.end - now.minutes >= 1440) {
      return { state: 'open', label: 'Open now · 24 hours', until: null, note: today.note }
    }
    const until = clockText(current.end % 1440)
    return { state: 'open', label: `Open now · until ${until}`, until, note: today.note }
  }
  const next = merged.find((i) => i.start > now.minutes)
  if (!next) return { state: 'closed', label: 'Closed', opens: null, note: today.note }
  const dayOffset = Math.floor(next.start / 1440)
  const time = clockText(next.start % 1440)
  const date = addDays(now.date, dayOffset)
  let opens: string
  if (dayOffset === 0) opens = time
  else if (dayOffset <= 6) opens = `${SHORT_DAYS[weekdayIndex(date)]} ${time}`
  else opens = `${Number(date.slice(8))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]} ${time}`
  return { state: 'closed', label: `Closed · opens ${opens}`, opens, note: today.note }
}

// Times on the quarter hour and the edges of the day, so that openings, closings, midnight and
// back-to-back days (a close at 24:00 and an open at 00:00) meet the instant often.
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 24 }), fc.constantFrom(0, 15, 30, 45, 59))
  .filter(([h, m]) => h < 24 || m === 0)
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
const hours = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(hhmm, hhmm).map(([a, b]) => `${a} - ${b}`) },
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('00:00 - 24:00') },
  { weight: 1, arbitrary: fc.constant('By appointment') },
)
const week = fc.record(
  Object.fromEntries(WEEKDAYS.map((d) => [d, hours])) as Record<(typeof WEEKDAYS)[number], typeof hours>,
)
// Three weeks around 2026-11-27 (a Friday): the instants, holidays and exceptions fall in them.
const BASE = Date.UTC(2026, 10, 20)
const dateIn = fc
  .integer({ min: 0, max: 27 })
  .map((d) => new Date(BASE + d * 86_400_000).toISOString().slice(0, 10))
const holiday: fc.Arbitrary<PublicHoliday> = fc.record({
  holiday_date: dateIn,
  name: fc.constantFrom('Day of Reconciliation', 'Christmas Day'),
  centre_closed: fc.boolean(),
})
const exception: fc.Arbitrary<TradingException> = fc.record({
  exception_date: dateIn,
  closed: fc.boolean(),
  hours: fc.oneof(hours, fc.constant(null)),
  reason: fc.constantFrom('', 'Stocktake', '  '),
})
const calendar: fc.Arbitrary<TradingCalendar> = fc.record({
  hours: week,
  holidays: fc.array(holiday, { maxLength: 4 }),
  exceptions: fc.array(exception, { maxLength: 4 }),
})
// Instants on the minute and on the quarter hour over two weeks.
const instant = fc.oneof(
  fc.integer({ min: 0, max: 14 * 1440 }).map((m) => BASE + 3 * 86_400_000 + m * 60_000),
  fc.integer({ min: 0, max: 14 * 96 }).map((q) => BASE + 3 * 86_400_000 + q * 15 * 60_000),
)

describe('openStatus reads only the days it needs (decision 061)', () => {
  it('gives the same status as reading every day ahead, for any hours, holidays, exceptions and instant', () => {
    fc.assert(
      fc.property(calendar, instant, (cal, at) => {
        expect(openStatus(cal, at)).toEqual(openStatusReadingEveryDay(cal, at))
      }),
      { numRuns: 5_000 },
    )
  })

  it('agrees on the stretches that decide where to stop: all night, all week, closed for two weeks', () => {
    const allWeek = Object.fromEntries(WEEKDAYS.map((d) => [d, '00:00 - 24:00'])) as TradingCalendar['hours']
    const nights = Object.fromEntries(WEEKDAYS.map((d) => [d, '18:00 - 06:00'])) as TradingCalendar['hours']
    const closedDays = (from: number) =>
      Array.from({ length: 16 }, (_, d) => ({
        exception_date: addDays('2026-11-27', from + d),
        closed: true,
        hours: null,
        reason: 'Renovation',
      }))
    const cases: TradingCalendar[] = [
      { hours: allWeek },
      { hours: nights },
      { hours: { ...nights, saturday: '18:00 - 24:00', sunday: '00:00 - 06:00' } },
      { hours: allWeek, exceptions: closedDays(1) },
      { hours: allWeek, exceptions: closedDays(0) },
      { hours: { ...allWeek, monday: '' } },
    ]
    for (const cal of cases)
      for (let m = 0; m < 3 * 1440; m += 30) {
        const at = Date.UTC(2026, 10, 26, 22) + m * 60_000
        expect(openStatus(cal, at)).toEqual(openStatusReadingEveryDay(cal, at))
      }
  })
})
