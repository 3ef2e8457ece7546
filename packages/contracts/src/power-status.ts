import * as z from 'zod/mini'

// zod/mini: parsed on the public pages' first paint (home, directory, store pages), where full zod
// would weigh on the page budget (decision 019).

/** The centre's supply, as centre management reports it (issue 18, item 2). */
export const CENTRE_POWER_STATES = ['on_grid', 'on_generator', 'partial', 'off'] as const
/** A store's trading state, as its tenant (or centre management) reports it. */
export const SHOP_POWER_STATES = ['trading', 'limited', 'closed'] as const
export type CentrePowerState = (typeof CENTRE_POWER_STATES)[number]
export type ShopPowerState = (typeof SHOP_POWER_STATES)[number]
export type PowerState = CentrePowerState | ShopPowerState

export const POWER_STATE_LABELS: Record<PowerState, string> = {
  on_grid: 'On grid power',
  on_generator: 'On generator',
  partial: 'Partial power',
  off: 'No power',
  trading: 'Trading normally',
  limited: 'Trading with limits',
  closed: 'Closed for now',
}

/** Whether a state means visitors should expect things to work as usual. */
export const POWER_STATE_TONE: Record<PowerState, 'good' | 'warn' | 'bad'> = {
  on_grid: 'good',
  on_generator: 'good',
  partial: 'warn',
  off: 'bad',
  trading: 'good',
  limited: 'warn',
  closed: 'bad',
}

/** A row of `current_power_statuses` (migration 20261128400000): the latest report per scope. */
export const CurrentPowerStatusSchema = z.object({
  id: z.string(),
  /** null: the centre. */
  shop_id: z.nullable(z.string()),
  state: z.enum([...CENTRE_POWER_STATES, ...SHOP_POWER_STATES]),
  note: z.nullable(z.string()),
  since: z.nullable(z.string()),
  reported_at: z.string(),
  stale_after_minutes: z.coerce.number(),
})
export type CurrentPowerStatus = z.infer<typeof CurrentPowerStatusSchema>

/**
 * Whether a report is too old to be trusted: reported more than `stale_after_minutes` ago (the
 * centre's setting). A report from the future (a clock ahead) counts as fresh.
 */
export function isPowerStatusStale(
  status: Pick<CurrentPowerStatus, 'reported_at' | 'stale_after_minutes'>,
  now: Date,
): boolean {
  const reported = Date.parse(status.reported_at)
  if (Number.isNaN(reported)) return true
  return now.getTime() - reported > status.stale_after_minutes * 60_000
}

/**
 * "14:05" or "Mon 27 Nov 14:05" in Africa/Johannesburg time (UTC+2 all year, no daylight saving),
 * without Intl: the first paint must not load ICU data (decision 011). The day is named when it is
 * not the same SAST day as `now`.
 */
export function formatSastTime(iso: string, now: Date): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const sast = new Date(at + 2 * 3_600_000)
  const today = new Date(now.getTime() + 2 * 3_600_000)
  const two = (n: number) => String(n).padStart(2, '0')
  const time = `${two(sast.getUTCHours())}:${two(sast.getUTCMinutes())}`
  if (sast.toISOString().slice(0, 10) === today.toISOString().slice(0, 10)) return time
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][sast.getUTCDay()]
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
    sast.getUTCMonth()
  ]
  return `${day} ${sast.getUTCDate()} ${month} ${time}`
}

/** What a report says in one line: "On generator since 14:05 · reported 14:10". */
export function describePowerStatus(status: CurrentPowerStatus, now: Date): string {
  const since = status.since ? ` since ${formatSastTime(status.since, now)}` : ''
  return `${POWER_STATE_LABELS[status.state]}${since}`
}

/**
 * The ISO time of "HH:MM" on the SAST day of `now`; the day before when that would be in the
 * future (a tenant reporting at 00:10 that the shop closed at 23:40).
 */
export function sastTimeToday(hhmm: string, now: Date): string {
  const [h, m] = hhmm.split(':').map(Number)
  const sastNow = new Date(now.getTime() + 2 * 3_600_000)
  const day = Date.UTC(sastNow.getUTCFullYear(), sastNow.getUTCMonth(), sastNow.getUTCDate())
  let at = day + (h * 60 + m) * 60_000 - 2 * 3_600_000
  if (at > now.getTime() + 5 * 60_000) at -= 86_400_000
  return new Date(at).toISOString()
}
