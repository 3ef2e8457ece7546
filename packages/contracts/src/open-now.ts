import { type OpeningHours, WEEKDAYS, type Weekday } from './opening-hours.ts'

/**
 * Open now / closes at (issue 18, item 1): whether the centre or a store is trading at an instant,
 * always in South African Standard Time (Africa/Johannesburg, UTC+2, no daylight saving) whatever
 * the clock of the device that asks. Pure: the instant, the weekly hours, the public holidays and
 * the store's own exceptions go in; a status and its words come out.
 *
 * The rule:
 * - A day's hours are the exception for that date if the store has one (closed, or special hours),
 *   otherwise on a public holiday the Sunday hours (closed if the holiday row says the centre is
 *   closed), otherwise the weekday's own hours.
 * - Hours read 'HH:MM - HH:MM'. A closing time at or before the opening time runs past midnight
 *   into the next day ('18:00 - 02:00'); '00:00 - 24:00' (or equal times) is the whole day.
 * - Blank hours mean closed. Free text that is not a range ('By appointment') cannot be judged: the
 *   status is unknown and no chip is shown rather than a guess. A store with no hours at all is
 *   unknown too.
 */

export const SAST_TIME_ZONE = 'Africa/Johannesburg'

/** A public holiday as `public.public_holidays` holds it. */
export interface PublicHoliday {
  /** YYYY-MM-DD, the date in South Africa. */
  holiday_date: string
  name: string
  /** The centre (and so every store) is closed that day; otherwise Sunday hours apply. */
  centre_closed?: boolean
}

/** One trading exception of a store as `public.shop_trading_exceptions` holds it. */
export interface TradingException {
  /** YYYY-MM-DD, the date in South Africa. */
  exception_date: string
  closed: boolean
  /** 'HH:MM - HH:MM' when not closed. */
  hours: string | null
  reason: string
}

export type OpenStatus =
  | { state: 'open'; label: string; until: string | null; note: string | null }
  | { state: 'closed'; label: string; opens: string | null; note: string | null }
  | { state: 'unknown'; label: null; note: string | null }

/** The South African wall clock at an instant. */
export interface SastClock {
  /** YYYY-MM-DD */
  date: string
  /** Minutes since midnight, 0–1439. */
  minutes: number
}

/** South African Standard Time is UTC+2 all year: South Africa has had no daylight saving since 1944. */
const SAST_OFFSET_MS = 2 * 3_600_000

/**
 * The date and time in South Africa at `instant`: UTC+2 (SAST has no daylight saving), read
 * from a shifted UTC date, so the device's own zone plays no part. Arithmetic rather than
 * `Intl.DateTimeFormat` with `timeZone: 'Africa/Johannesburg'`: that formatter's first use loads
 * the platform's time-zone data, about 270 ms of a phone's main thread (4× CPU) on every public
 * page that shows an open-now chip (issue 15). `open-now.test.ts` holds it to the platform's
 * time-zone data over years of instants.
 */
export function sastClock(instant: Date | number): SastClock {
  const shifted = new Date((typeof instant === 'number' ? instant : instant.getTime()) + SAST_OFFSET_MS)
  const iso = shifted.toISOString()
  return {
    date: iso.slice(0, 10),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  }
}

const DAY_MS = 86_400_000
const SHORT_DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Calendar arithmetic on YYYY-MM-DD (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Monday = 0 … Sunday = 6 of a YYYY-MM-DD date. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number)
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[weekdayIndex(date)]
}

const RANGE = /^(\d{1,2})[:h.](\d{2})\s*(?:-|–|—|to)\s*(\d{1,2})[:h.](\d{2})$/i

/** Minutes of an 'HH:MM - HH:MM' range (close may pass 1440), null for blank, 'unknown' for free text. */
export function parseHoursRange(
  text: string | null | undefined,
): { open: number; close: number } | null | 'unknown' {
  const value = (text ?? '').trim()
  if (value === '' || /^closed$/i.test(value)) return null
  const m = RANGE.exec(value)
  if (!m) return 'unknown'
  const [oh, om, ch, cm] = [m[1], m[2], m[3], m[4]].map(Number)
  if (oh > 23 || om > 59 || ch > 24 || cm > 59 || (ch === 24 && cm > 0)) return 'unknown'
  const open = oh * 60 + om
  let close = ch * 60 + cm
  // At or before the opening time: the day's trading runs past midnight (equal: the whole day).
  if (close <= open) close += 1440
  return { open, close }
}

/** Whether `hours` is a valid 'HH:MM - HH:MM' range (what an exception's special hours must be). */
export function isHoursRange(hours: string): boolean {
  const parsed = parseHoursRange(hours)
  return parsed !== null && parsed !== 'unknown'
}

export interface TradingCalendar {
  hours: OpeningHours
  holidays?: readonly PublicHoliday[]
  exceptions?: readonly TradingException[]
}

interface DayPlan {
  /** Trading interval in minutes from that day's midnight, null when closed. */
  interval: { open: number; close: number } | null | 'unknown'
  /** Why the day differs from the usual week (holiday name, exception reason). */
  note: string | null
}

function planOf(date: string, calendar: TradingCalendar): DayPlan {
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

const two = (n: number) => String(n).padStart(2, '0')
const clockText = (minutes: number) => `${two(Math.floor(minutes / 60) % 24)}:${two(minutes % 60)}`

/** How far ahead a closed store's next opening is looked for. */
const LOOK_AHEAD_DAYS = 14

/** Every weekday's hours blank or free text: the store gave no hours it can be judged by. */
function noJudgeableHours(hours: OpeningHours): boolean {
  return WEEKDAYS.every((d) => {
    const p = parseHoursRange(hours[d])
    return p === null || p === 'unknown'
  })
}

/**
 * The status at `instant` in SAST: 'Open now · until 17:00', 'Closed · opens Mon 08:00' (a later
 * time today reads 'Closed · opens 08:00'; beyond six days the date is named: 'opens 5 Jan 08:00').
 *
 * The days ahead are read one at a time and only until the answer is settled (decision 061): a
 * store open now usually needs today alone, a closed one the days up to its next opening. Day
 * `d`'s trading starts at or after `d × 1440` minutes from today's midnight, so once the stretch
 * the instant falls in ends before the next day begins (or already runs 24 hours from now), or the
 * next opening is found, no later day can change the status. The directory works this out for each
 * card it draws (the app while hydrating, the gateway while rendering); it used to read 15 days
 * for every store.
 */
export function openStatus(calendar: TradingCalendar, instant: Date | number): OpenStatus {
  const now = sastClock(instant)
  const today = planOf(now.date, calendar)
  if (today.interval === 'unknown') return { state: 'unknown', label: null, note: today.note }
  // Every day blank: the store gave no hours (unless an exception says otherwise today).
  if (today.interval === null && !today.note && noJudgeableHours(calendar.hours)) {
    return { state: 'unknown', label: null, note: null }
  }

  // Trading stretches as minutes from today's midnight, in order, yesterday's spill included;
  // back-to-back or overlapping intervals are one stretch of trading (a store open all night).
  const merged: Array<{ start: number; end: number }> = []
  const add = (start: number, end: number) => {
    const last = merged.at(-1)
    if (last && start <= last.end) last.end = Math.max(last.end, end)
    else merged.push({ start, end })
  }
  const yesterday = planOf(addDays(now.date, -1), calendar)
  if (yesterday.interval !== null && yesterday.interval !== 'unknown' && yesterday.interval.close > 1440) {
    add(yesterday.interval.open - 1440, yesterday.interval.close - 1440)
  }
  // Only yesterday's spill and today's hours can hold the instant (later days start after it).
  let current: { start: number; end: number } | undefined
  let next: { start: number; end: number } | undefined
  for (let day = 0; day <= LOOK_AHEAD_DAYS; day++) {
    const plan = day === 0 ? today : planOf(addDays(now.date, day), calendar)
    if (plan.interval !== null && plan.interval !== 'unknown') {
      add(plan.interval.open + day * 1440, plan.interval.close + day * 1440)
    }
    if (day === 0) current = merged.find((i) => i.start <= now.minutes && now.minutes < i.end)
    const nextDayStarts = (day + 1) * 1440
    if (current) {
      // Only the last stretch grows, and only with a day that starts before it ends.
      if (current !== merged.at(-1) || current.end < nextDayStarts) break
      if (current.end - now.minutes >= 1440) break
    } else {
      next = merged.find((i) => i.start > now.minutes)
      if (next) break
    }
  }

  if (current) {
    if (current.end - now.minutes >= 1440) {
      return { state: 'open', label: 'Open now · 24 hours', until: null, note: today.note }
    }
    const until = clockText(current.end % 1440)
    return { state: 'open', label: `Open now · until ${until}`, until, note: today.note }
  }
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

/** 'Mon 30 Nov' for a YYYY-MM-DD date (no Intl: see decision 011). */
export function formatShortDate(date: string): string {
  return `${SHORT_DAYS[weekdayIndex(date)]} ${Number(date.slice(8))} ${SHORT_MONTHS[Number(date.slice(5, 7)) - 1]}`
}

/** The exceptions of one store among a list of every store's (as REST returns them). */
export function exceptionsOf<T extends { shop_id: string }>(all: readonly T[], shopId: string): T[] {
  return all.filter((e) => e.shop_id === shopId)
}
