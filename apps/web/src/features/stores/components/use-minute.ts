import { useSyncExternalStore } from 'react'

/**
 * The current minute (ms since the epoch, floored to the minute), ticking on each minute boundary:
 * every open-now chip on a page shares one timer and is redrawn when the minute changes, so a
 * store that closes at 17:00 says so at 17:00 without a reload. The server renders with its own
 * clock, the browser then with the visitor's (the status itself is always computed in SAST).
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

const minuteNow = () => Date.now() - (Date.now() % MINUTE)

export function useMinute(): number {
  return useSyncExternalStore(subscribe, minuteNow, minuteNow)
}
