import '../../../testing/setup'
import { act, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setRenderClock } from '../../../lib/render-clock'
import { useMinuteClock } from './get-power-statuses'

/** Draws the clock's time and counts its renders. */
function Clock({ renders }: { renders: Date[] }) {
  const now = useMinuteClock()
  renders.push(now)
  return <time>{now.toISOString()}</time>
}

afterEach(() => {
  setRenderClock(undefined)
  vi.useRealTimers()
})

describe('useMinuteClock', () => {
  it('keeps the time a served page was rendered with while the minute has not turned: no second render', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    vi.setSystemTime(new Date('2026-11-28T10:05:50Z'))
    // The gateway rendered the page 40 seconds ago (hydration reads that time first).
    setRenderClock(Date.parse('2026-11-28T10:05:10Z'))
    const renders: Date[] = []
    render(<Clock renders={renders} />)
    setRenderClock(undefined)
    expect(renders.map((d) => d.toISOString())).toEqual(['2026-11-28T10:05:10.000Z'])
    // At the turn of the minute it reads the time again.
    await act(async () => vi.advanceTimersByTime(10_000))
    expect(renders.at(-1)?.toISOString()).toBe('2026-11-28T10:06:00.000Z')
    expect(renders).toHaveLength(2)
  })

  it('reads the time again at once when the minute has turned since the first value', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] })
    vi.setSystemTime(new Date('2026-11-28T10:06:05Z'))
    setRenderClock(Date.parse('2026-11-28T10:05:50Z'))
    const renders: Date[] = []
    render(<Clock renders={renders} />)
    setRenderClock(undefined)
    expect(renders.map((d) => d.toISOString())).toEqual([
      '2026-11-28T10:05:50.000Z',
      '2026-11-28T10:06:05.000Z',
    ])
  })
})
