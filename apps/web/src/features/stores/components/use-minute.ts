import { useSyncExternalStore } from 'react'
import { renderClock } from '../../../lib/render-clock'

/**
 * The current minute (ms since the epoch, floored to the minute), ticking on each minute boundary:
 * every open-now chip on a page shares one timer and is redrawn when the minute changes, so a
 * store that closes at 17:00 says so at 17:00 without a reload. The server renders with its own
 * clock, the browser then with the visitor's (the status itself is always computed in SAST).
 * Hydrating a served page, React reads the minute the gateway rendered with (the server snapshot,
 * lib/render-clock.ts), so the markup matches, and redraws at once if the minute has turned since.
 */
const MINUTE = 60_000
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setTimeout> | undefined

function schedule() {
  timer = setTimeout(
    () => {
      for (const listener of listeners) listener()
      schedule()
    },
    MINUTE - (Date.now() % MINUTE),
  )
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) schedule()
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearTimeout(timer)
      timer = undefined
    }
  }
}

const floorMinute = (ms: number) => ms - (ms % MINUTE)
const minuteNow = () => floorMinute(Date.now())
const renderedMinute = () => floorMinute(renderClock())

export function useMinute(): number {
  return useSyncExternalStore(subscribe, minuteNow, renderedMinute)
}
