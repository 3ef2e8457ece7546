import { ERRORS } from './errors.ts'

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/**
 * A Go duration (`"24h"`, `"1h30m"`, `"876000h"`) in milliseconds, as GoTrue's ban_duration
 * takes it; `"none"` lifts a ban (null).
 */
export function parseBanDuration(value: string): number | null {
  if (value === 'none') return null
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy
  let total = 0
  let matched = 0
  for (let m = re.exec(value); m; m = re.exec(value)) {
    total += Number(m[1]) * UNITS[m[2]]
    matched = re.lastIndex
  }
  if (!value || matched !== value.length) {
    throw ERRORS.ValidationFailed('ban_duration: invalid format, must be a duration such as "24h" or "none"')
  }
  return total
}

/** The `banned_until` timestamp for a ban duration (null: not banned). */
export function bannedUntil(value: string, now = Date.now()): string | null {
  const ms = parseBanDuration(value)
  return ms === null ? null : new Date(now + ms).toISOString()
}
