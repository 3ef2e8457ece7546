import * as z from 'zod/mini'

export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const
export type Weekday = (typeof WEEKDAYS)[number]

const SHORT_LABELS: Record<Weekday, string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
}

const SCHEMA_DAYS: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
}

export const CLOSED = 'Closed'

/**
 * A business-hours object: day name → free-text hours ('' = closed). Stored rows may miss days or
 * carry nulls, so both read as closed.
 */
// zod/mini: this schema is parsed on every public page's first render, where full zod would add
// ~20 KiB of JavaScript.
const day = z.catch(z.nullish(z.string()), undefined)
export const OpeningHoursSchema = z.catch(
  z.object({
    monday: day,
    tuesday: day,
    wednesday: day,
    thursday: day,
    friday: day,
    saturday: day,
    sunday: day,
  }),
  {},
)
export type OpeningHours = Partial<Record<Weekday, string | null | undefined>>

const hoursOf = (hours: OpeningHours, day: Weekday) => (hours[day] ?? '').trim()

export interface OpeningHoursLine {
  /** 'Mon-Fri' or 'Sun'. */
  days: string
  /** The hours text, or 'Closed'. */
  hours: string
}

/**
 * The full format as lines: consecutive days with identical hours grouped ('Mon-Fri'), a single day
 * alone ('Sun'), empty hours shown as 'Closed'. No line at all when no day has hours.
 */
export function openingHoursLines(hours: OpeningHours): OpeningHoursLine[] {
  if (WEEKDAYS.every((d) => hoursOf(hours, d) === '')) return []
  const lines: OpeningHoursLine[] = []
  let start = 0
  for (let i = 1; i <= WEEKDAYS.length; i++) {
    const current = hoursOf(hours, WEEKDAYS[start])
    if (i < WEEKDAYS.length && hoursOf(hours, WEEKDAYS[i]) === current) continue
    const first = SHORT_LABELS[WEEKDAYS[start]]
    const last = SHORT_LABELS[WEEKDAYS[i - 1]]
    lines.push({
      days: i - 1 === start ? first : `${first}-${last}`,
      hours: current === '' ? CLOSED : current,
    })
    start = i
  }
  return lines
}

/** Full format (docs/product/site.md §2): 'Mon-Fri: 08:00 - 18:00, Sat: 08:00 - 13:00, Sun: Closed', or ''. */
export function formatOpeningHours(hours: OpeningHours): string {
  return openingHoursLines(hours)
    .map((l) => `${l.days}: ${l.hours}`)
    .join(', ')
}

/**
 * Short format (docs/product/site.md §2): Mon, Tue and Wed only, each with hours or 'Closed'; '...' appended when
 * any of Thursday to Sunday differs from Monday.
 */
export function formatOpeningHoursShort(hours: OpeningHours): string {
  const monday = hoursOf(hours, 'monday')
  const text = (['monday', 'tuesday', 'wednesday'] as const)
    .map((d) => `${SHORT_LABELS[d]}: ${hoursOf(hours, d) || CLOSED}`)
    .join(', ')
  const differs = (['thursday', 'friday', 'saturday', 'sunday'] as const).some(
    (d) => hoursOf(hours, d) !== monday,
  )
  return differs ? `${text}...` : text
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification'
  dayOfWeek: string[]
  opens: string
  closes: string
}

const RANGE = /^(\d{1,2}):(\d{2})\s*(?:-|–|to)\s*(\d{1,2}):(\d{2})$/i
const pad = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`

/**
 * schema.org openingHoursSpecification for days whose hours read 'HH:MM - HH:MM'; days with other
 * free text (e.g. 'By appointment') are left out rather than guessed.
 */
export function toOpeningHoursSpecification(hours: OpeningHours): OpeningHoursSpecification[] {
  const byRange = new Map<string, string[]>()
  for (const day of WEEKDAYS) {
    const m = RANGE.exec(hoursOf(hours, day))
    if (!m) continue
    const key = `${pad(m[1], m[2])}|${pad(m[3], m[4])}`
    byRange.set(key, [...(byRange.get(key) ?? []), SCHEMA_DAYS[day]])
  }
  return [...byRange].map(([key, days]) => {
    const [opens, closes] = key.split('|')
    return { '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes }
  })
}
