import { afterAll, describe, expect, it } from 'vitest'
import { SEEDED_CENTRE } from './centre-settings.ts'
import {
  openStatus,
  type PublicHoliday,
  parseHoursRange,
  SAST_TIME_ZONE,
  sastClock,
  type TradingCalendar,
  type TradingException,
} from './open-now.ts'

// 2026-11-27 is a Friday. SAST is UTC+2 all year: 10:00 SAST is 08:00Z.
const week = (weekdays: string, saturday: string, sunday: string) => ({
  monday: weekdays,
  tuesday: weekdays,
  wednesday: weekdays,
  thursday: weekdays,
  friday: weekdays,
  saturday,
  sunday,
})
const standard = week('08:00 - 17:00', '08:00 - 13:00', '09:00 - 13:00')
const lateNight = { ...week('10:00 - 23:00', '10:00 - 02:00', ''), friday: '10:00 - 02:00' }
const allHours = week('00:00 - 24:00', '00:00 - 24:00', '00:00 - 24:00')

const holidays: PublicHoliday[] = [
  { holiday_date: '2026-08-09', name: "National Women's Day" },
  { holiday_date: '2026-08-10', name: "National Women's Day (observed)" },
  { holiday_date: '2026-12-16', name: 'Day of Reconciliation' },
  { holiday_date: '2026-12-25', name: 'Christmas Day' },
  { holiday_date: '2026-12-26', name: 'Day of Goodwill' },
]
const christmasClosed = holidays.map((h) =>
  h.holiday_date === '2026-12-25' ? { ...h, centre_closed: true } : h,
)
const stocktake: TradingException = {
  exception_date: '2026-11-30',
  closed: true,
  hours: null,
  reason: 'Closed for stocktake',
}
const christmasEve: TradingException = {
  exception_date: '2026-12-24',
  closed: false,
  hours: '08:00 - 20:00',
  reason: 'Late trading for Christmas Eve',
}
const reconciliationStocktake: TradingException = {
  exception_date: '2026-12-16',
  closed: true,
  hours: null,
  reason: 'Stocktake',
}

const S: TradingCalendar = { hours: standard, holidays, exceptions: [stocktake, christmasEve] }
const L: TradingCalendar = { hours: lateNight, holidays }
const mondaysOnly = (exceptions: TradingException[]): TradingCalendar => ({
  hours: { monday: '08:00 - 17:00' },
  exceptions,
})
const closedOn = (date: string): TradingException => ({
  exception_date: date,
  closed: true,
  hours: null,
  reason: 'Renovation',
})

type Case = [
  story: string,
  instant: string,
  calendar: TradingCalendar,
  label: string | null,
  note?: string | null,
]

// The instant is written with its own offset; the label is what a visitor anywhere must see.
const CASES: Case[] = [
  // A normal weekday, its edges and the day boundaries
  ['Friday mid-morning', '2026-11-27T10:00:00+02:00', S, 'Open now · until 17:00'],
  ['a minute before opening', '2026-11-27T07:59:00+02:00', S, 'Closed · opens 08:00'],
  ['the minute it opens', '2026-11-27T08:00:00+02:00', S, 'Open now · until 17:00'],
  ['the last minute before closing', '2026-11-27T16:59:00+02:00', S, 'Open now · until 17:00'],
  ['the minute it closes, next day Saturday', '2026-11-27T17:00:00+02:00', S, 'Closed · opens Sat 08:00'],
  ['Saturday after its early close', '2026-11-28T13:30:00+02:00', S, 'Closed · opens Sun 09:00'],
  ['Sunday hours', '2026-11-29T12:00:00+02:00', S, 'Open now · until 13:00'],
  ['midnight exactly (Friday 00:00)', '2026-11-27T00:00:00+02:00', S, 'Closed · opens 08:00'],
  ['a minute before midnight on Thursday', '2026-11-26T23:59:00+02:00', S, 'Closed · opens Fri 08:00'],
  [
    'Sunday afternoon without exceptions: Monday morning',
    '2026-11-29T14:00:00+02:00',
    { hours: standard },
    'Closed · opens Mon 08:00',
  ],
  // The store's own exceptions
  ['Sunday afternoon before a stocktake Monday', '2026-11-29T14:00:00+02:00', S, 'Closed · opens Tue 08:00'],
  [
    'during the stocktake',
    '2026-11-30T10:00:00+02:00',
    S,
    'Closed · opens Tue 08:00',
    'Closed for stocktake',
  ],
  [
    'special late hours on Christmas Eve',
    '2026-12-24T18:30:00+02:00',
    S,
    'Open now · until 20:00',
    'Late trading for Christmas Eve',
  ],
  // Public holidays: Sunday hours, or closed when the centre is
  [
    'after Christmas Eve: Christmas Day on Sunday hours',
    '2026-12-24T20:00:00+02:00',
    S,
    'Closed · opens Fri 09:00',
  ],
  [
    'Christmas Day with the centre closed: Day of Goodwill',
    '2026-12-24T20:00:00+02:00',
    { hours: standard, holidays: christmasClosed },
    'Closed · opens Sat 09:00',
  ],
  [
    'on Christmas Day with the centre closed',
    '2026-12-25T11:00:00+02:00',
    { hours: standard, holidays: christmasClosed },
    'Closed · opens Sat 09:00',
    'Christmas Day',
  ],
  [
    'a Wednesday public holiday',
    '2026-12-16T10:00:00+02:00',
    S,
    'Open now · until 13:00',
    'Day of Reconciliation',
  ],
  ['after a holiday’s Sunday hours', '2026-12-16T13:30:00+02:00', S, 'Closed · opens Thu 08:00'],
  [
    'the Monday after a Sunday holiday, before Sunday opening',
    '2026-08-10T08:30:00+02:00',
    S,
    'Closed · opens 09:00',
    "National Women's Day (observed)",
  ],
  [
    'an exception beats a public holiday',
    '2026-12-16T10:00:00+02:00',
    { hours: standard, holidays, exceptions: [reconciliationStocktake] },
    'Closed · opens Thu 08:00',
    'Stocktake',
  ],
  // Hours past midnight
  ['Friday late, before its 02:00 close', '2026-11-27T23:30:00+02:00', L, 'Open now · until 02:00'],
  ['after midnight, still on Friday’s hours', '2026-11-28T01:00:00+02:00', L, 'Open now · until 02:00'],
  ['midnight exactly inside late hours', '2026-11-28T00:00:00+02:00', L, 'Open now · until 02:00'],
  ['the minute the late hours end', '2026-11-28T02:00:00+02:00', L, 'Closed · opens 10:00'],
  ['Sunday 01:30 on Saturday’s late hours', '2026-11-29T01:30:00+02:00', L, 'Open now · until 02:00'],
  ['Sunday closed, after the spill', '2026-11-29T03:00:00+02:00', L, 'Closed · opens Mon 10:00'],
  ['Thursday at its 23:00 close', '2026-11-26T23:00:00+02:00', L, 'Closed · opens Fri 10:00'],
  // Round the clock
  ['open every hour of the week', '2026-11-27T03:00:00+02:00', { hours: allHours }, 'Open now · 24 hours'],
  [
    'open all day on weekdays only, Friday evening',
    '2026-11-27T20:00:00+02:00',
    { hours: { ...week('00:00 - 24:00', '', '') } },
    'Open now · until 00:00',
  ],
  // Nothing to judge
  ['hours given as free text', '2026-11-27T10:00:00+02:00', { hours: week('By appointment', '', '') }, null],
  ['no hours at all', '2026-11-27T10:00:00+02:00', { hours: {} }, null],
  // A long closure
  [
    'next opening more than six days away names the date',
    '2026-11-30T18:00:00+02:00',
    mondaysOnly([closedOn('2026-12-07')]),
    'Closed · opens 14 Dec 08:00',
  ],
  [
    'no opening within two weeks',
    '2026-11-30T18:00:00+02:00',
    mondaysOnly([closedOn('2026-12-07'), closedOn('2026-12-14')]),
    'Closed',
  ],
  // The centre's own hours (Sunday 09:00 - 14:00)
  [
    'the centre on Sunday afternoon',
    '2026-11-29T14:00:00+02:00',
    { hours: SEEDED_CENTRE.centre_hours },
    'Closed · opens Mon 08:00',
  ],
  // Visitors elsewhere: the same instants written in their zones
  ['New York, 03:00 Friday there', '2026-11-27T03:00:00-05:00', S, 'Open now · until 17:00'],
  ['Tokyo, already Saturday there', '2026-11-28T00:30:00+09:00', S, 'Closed · opens Sat 08:00'],
  ['Los Angeles, still Thursday there', '2026-11-26T22:30:00-08:00', S, 'Open now · until 17:00'],
  ['Kiritimati (UTC+14), Saturday there', '2026-11-28T11:30:00+14:00', L, 'Open now · until 02:00'],
  ['London on summer time (UTC+1)', '2026-07-01T07:30:00+01:00', S, 'Open now · until 17:00'],
  ['the day Europe changes its clocks: SAST does not', '2026-03-29T07:00:00Z', S, 'Open now · until 13:00'],
]

describe('openStatus: the truth table', () => {
  it('has at least thirty cases', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30)
  })

  // Every case again with the process (the "device") in another time zone: the answer is SAST's.
  const zones = ['Africa/Johannesburg', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'UTC']
  const original = process.env.TZ
  afterAll(() => {
    process.env.TZ = original
  })
  describe.each(zones)('on a device set to %s', (zone) => {
    it.each(CASES)('%s (%s)', (_story, instant, calendar, label, note) => {
      process.env.TZ = zone
      const status = openStatus(calendar, new Date(instant))
      expect(status.label).toBe(label)
      if (note !== undefined) expect(status.note).toBe(note)
      if (label === null) expect(status.state).toBe('unknown')
    })
  })
})

describe('sastClock', () => {
  it('reads the South African date and minutes, whatever the instant’s written offset', () => {
    expect(sastClock(new Date('2026-11-27T22:30:00Z'))).toEqual({ date: '2026-11-28', minutes: 30 })
    expect(sastClock(new Date('2026-11-27T21:59:00Z'))).toEqual({ date: '2026-11-27', minutes: 1439 })
    expect(sastClock(Date.parse('2026-01-01T00:00:00-10:00'))).toEqual({ date: '2026-01-01', minutes: 720 })
  })

  it('agrees with the platform’s Africa/Johannesburg time-zone data over years of instants', () => {
    const platform = new Intl.DateTimeFormat('en-GB', {
      timeZone: SAST_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
    const viaPlatform = (instant: number) => {
      const parts: Record<string, string> = {}
      for (const part of platform.formatToParts(instant)) parts[part.type] = part.value
      return {
        date: `${parts.year}-${parts.month}-${parts.day}`,
        minutes: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
      }
    }
    // Every 97 minutes from 2020 to 2035 (so every minute of the day is hit at some point), and
    // each side of every UTC and SAST midnight of 2026.
    for (let t = Date.UTC(2020, 0, 1); t < Date.UTC(2035, 0, 1); t += 97 * 60_000) {
      expect(sastClock(t)).toEqual(viaPlatform(t))
    }
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      for (const edge of [-2 * 3_600_000 - 60_000, -2 * 3_600_000, -60_000, 0]) {
        expect(sastClock(new Date(t + edge))).toEqual(viaPlatform(t + edge))
      }
    }
  })
})

describe('parseHoursRange', () => {
  it('reads ranges, overnight ranges, whole days, blanks and free text', () => {
    expect(parseHoursRange('08:00 - 17:00')).toEqual({ open: 480, close: 1020 })
    expect(parseHoursRange('8:30–13:00')).toEqual({ open: 510, close: 780 })
    expect(parseHoursRange('18:00 - 02:00')).toEqual({ open: 1080, close: 1560 })
    expect(parseHoursRange('00:00 - 24:00')).toEqual({ open: 0, close: 1440 })
    expect(parseHoursRange('07:00 - 07:00')).toEqual({ open: 420, close: 1860 })
    expect(parseHoursRange('')).toBeNull()
    expect(parseHoursRange('Closed')).toBeNull()
    expect(parseHoursRange(null)).toBeNull()
    expect(parseHoursRange('By appointment')).toBe('unknown')
    expect(parseHoursRange('25:00 - 26:00')).toBe('unknown')
  })
})
