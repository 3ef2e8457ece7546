import { describe, expect, it } from 'vitest'
import { bannedUntil, parseBanDuration } from './ban-duration.ts'
import { AuthError } from './errors.ts'

describe('ban durations in Go syntax', () => {
  it('reads hours, minutes and seconds, alone and combined', () => {
    expect(parseBanDuration('24h')).toBe(86_400_000)
    expect(parseBanDuration('1h30m')).toBe(5_400_000)
    expect(parseBanDuration('90s')).toBe(90_000)
    expect(parseBanDuration('1.5h')).toBe(5_400_000)
  })

  it('lifts a ban with "none"', () => {
    expect(parseBanDuration('none')).toBeNull()
    expect(bannedUntil('none')).toBeNull()
  })

  it('refuses anything else with validation_failed', () => {
    for (const bad of ['', '24', 'h', '1d', '24h ', 'forever']) {
      expect(() => parseBanDuration(bad), bad).toThrow(AuthError)
    }
  })

  it('turns a duration into a timestamp from now', () => {
    expect(bannedUntil('1h', Date.UTC(2026, 0, 1))).toBe('2026-01-01T01:00:00.000Z')
  })
})
