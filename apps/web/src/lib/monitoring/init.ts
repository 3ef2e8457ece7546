import { createMonitor, type Monitor } from './monitor'

export type { Monitor }

const noop: Monitor = {
  track() {},
  trackPageView() {},
  identify() {},
  reportError() {},
  recordAction() {},
  recordMetric() {},
  flush: async () => {},
  shutdown() {},
}

let current: Monitor | undefined

/**
 * Starts site monitoring once per page (docs/product/site.md §7–§9): the analytics queue with its 30 s flush and
 * unload beacon, the global error reporter, performance metrics and user actions. Call it once from
 * the app's root provider; calling it again returns the same monitor (StrictMode runs effects twice).
 *
 * `endpointBase` is the gateway's origin ('' or omitted: the page's own origin, as in production).
 *
 * Wiring in the app (call before the first render so early errors are caught):
 *   initMonitoring()                                           // main.tsx or the root provider
 *   usePageViews()                                             // once, inside the router
 *   recordAuthEvent(getMonitor(), event, session?.user)        // in supabase.auth.onAuthStateChange
 *   getMonitor().reportError(error, { componentStack })        // in the error boundary
 *   getMonitor().track('store_search', { query })              // any analytics event
 */
export function initMonitoring(options: { endpointBase?: string } = {}): Monitor {
  if (current) return current
  if (typeof window === 'undefined') return noop
  try {
    current = createMonitor({ endpointBase: options.endpointBase, window })
  } catch (error) {
    // Monitoring must never stop the site from starting.
    console.warn('Monitoring could not start', error)
    return noop
  }
  return current
}

/** The running monitor, or one that does nothing before `initMonitoring` (safe in tests and SSR). */
export function getMonitor(): Monitor {
  return current ?? noop
}

/** Stops and forgets the running monitor (tests, hot module replacement). */
export function stopMonitoring(): void {
  current?.shutdown()
  current = undefined
}
