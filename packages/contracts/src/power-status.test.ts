import { describe, expect, it } from 'vitest'
import { formatSastTime, isPowerStatusStale, sastTimeToday } from './power-status.ts'

describe('power status', () => {
  const now = new Date('2026-11-27T10:00:00Z') // 12:00 SAST
  it('trusts a report younger than the setting and calls an older one stale', () => {
    expect(isPowerStatusStale({ reported_at: '2026-11-27T09:00:00Z', stale_after_minutes: 60 }, now)).toBe(
      false,
    )
    expect(isPowerStatusStale({ reported_at: '2026-11-27T08:59:00Z', stale_after_minutes: 60 }, now)).toBe(
      true,
    )
    expect(isPowerStatusStale({ reported_at: 'not a time', stale_after_minutes: 60 }, now)).toBe(true)
  })
  it('writes times in SAST whatever the machine zone, naming the day when not today', () => {
    expect(formatSastTime('2026-11-27T08:05:00Z', now)).toBe('10:05')
    expect(formatSastTime('2026-11-26T21:59:00Z', now)).toBe('Thu 26 Nov 23:59')
    expect(formatSastTime('2026-11-26T22:00:00Z', now)).toBe('00:00')
  })
  it('reads "HH:MM" as today in SAST, or yesterday when that is still to come', () => {
    expect(sastTimeToday('11:30', now)).toBe('2026-11-27T09:30:00.000Z')
    expect(sastTimeToday('23:40', new Date('2026-11-27T22:10:00Z'))).toBe('2026-11-27T21:40:00.000Z')
    expect(sastTimeToday('23:40', new Date('2026-11-26T22:10:00Z'))).toBe('2026-11-26T21:40:00.000Z')
  })
})
