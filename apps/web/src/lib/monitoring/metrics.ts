import type { Metric } from '@genesis/contracts/monitoring'
import { createInpTracker, INP_DURATION_THRESHOLD_MS, type InpTracker } from './inp'
import type { Transport } from './transport'

export interface MetricContext {
  url: string | null
  userId: string | null
  tenantId: string | null
}

/** The part of the Performance APIs the collector uses, so tests can hand in their own. */
export interface PerformanceSource {
  observe(
    type: string,
    onEntries: (entries: PerformanceEntry[]) => void,
    /** `event` entries shorter than this many milliseconds are not delivered. */
    options?: { durationThreshold?: number },
  ): (() => void) | undefined
}

export interface MetricsOptions {
  transport: Transport
  context: () => MetricContext
  performance: PerformanceSource
  /** Requests to these URL prefixes are the monitor's own and never count as slow resources. */
  ownEndpoints: string[]
  /**
   * Where metrics are posted, from which duration a resource is slow, and how a URL is shortened
   * to what the gateway accepts (monitor.ts passes the monitoring constants: this chunk, loaded
   * after the page, imports nothing the entry has).
   */
  endpoint: string
  slowResourceMs: number
  clipUrl: (url: string) => string
  now?: () => Date
}

export interface MetricsCollector {
  /** Sends one metric (fetch) in a task of its own, in the order recorded; never throws. */
  record(name: string, value: number, url?: string | null): void
  /** Starts observing navigation timing, paint, LCP, CLS, interactions (INP) and resources. */
  start(): void
  /** Page hidden: LCP, CLS and INP are final for this view; send them by beacon. */
  flushOnHide(): void
  stop(): void
}

/** Reads numeric fields of a performance entry without trusting its concrete type. */
function numberField(entry: PerformanceEntry, field: string): number | undefined {
  const value: unknown = Reflect.get(entry, field)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/**
 * Web-vitals-style timings measured with the browser's own Performance APIs (no dependency):
 * ttfb, dom_content_loaded, page_load and fcp from navigation and paint timing; lcp, cls and inp
 * (inp.ts, from Event Timing) from PerformanceObserver where supported (reported once, when the
 * page is hidden); and every
 * resource that took 1000 ms or more as `slow_resource` (docs/product/site.md §9) with the resource's URL.
 */
export function createMetricsCollector(options: MetricsOptions): MetricsCollector {
  const { transport, performance: source } = options
  const now = options.now ?? (() => new Date())
  const stops: (() => void)[] = []
  let lcp: number | undefined
  let cls = 0
  let clsSeen = false
  let inp: InpTracker | undefined
  let reportedOnHide = false

  const build = (name: string, value: number, url?: string | null): Metric => {
    const ctx = options.context()
    const where = url === undefined ? ctx.url : url
    return {
      name,
      value: Math.round(value * 1000) / 1000,
      timestamp: now().toISOString(),
      url: where === null ? null : options.clipUrl(where),
      userId: ctx.userId,
      tenantId: ctx.tenantId,
    }
  }
  // One request per task: the page's timings arrive together (navigation, paint), and each request
  // costs the main thread a few milliseconds of a phone's time to start; four in one task made one
  // of the page's long tasks (decision 044). Each still leaves at once, one task after another.
  const queue: Metric[] = []
  const sendNext = () => {
    const next = queue.shift()
    if (next) void transport.post(options.endpoint, next)
    if (queue.length > 0) setTimeout(sendNext, 0)
  }
  const record: MetricsCollector['record'] = (name, value, url) => {
    if (!Number.isFinite(value)) return
    queue.push(build(name, value, url))
    if (queue.length === 1) setTimeout(sendNext, 0)
  }
  const isOwn = (url: string) => options.ownEndpoints.some((prefix) => url.startsWith(prefix))

  const watch = (
    type: string,
    onEntries: (entries: PerformanceEntry[]) => void,
    observeOptions?: { durationThreshold?: number },
  ) => {
    try {
      const stop = source.observe(type, onEntries, observeOptions)
      if (stop) stops.push(stop)
    } catch {
      // This entry type is not supported here (e.g. LCP and CLS outside Chromium).
    }
  }

  return {
    record,
    start() {
      watch('navigation', (entries) => {
        for (const entry of entries) {
          const responseStart = numberField(entry, 'responseStart')
          const dcl = numberField(entry, 'domContentLoadedEventEnd')
          const load = numberField(entry, 'loadEventEnd')
          if (responseStart) record('ttfb', responseStart)
          if (dcl) record('dom_content_loaded', dcl)
          if (load) record('page_load', load)
        }
      })
      watch('paint', (entries) => {
        for (const entry of entries)
          if (entry.name === 'first-contentful-paint') record('fcp', entry.startTime)
      })
      watch('largest-contentful-paint', (entries) => {
        const last = entries.at(-1)
        if (last) lcp = last.startTime
      })
      watch('layout-shift', (entries) => {
        for (const entry of entries) {
          // Shifts right after user input are expected, as in the CLS definition.
          if (Reflect.get(entry, 'hadRecentInput') === true) continue
          cls += numberField(entry, 'value') ?? 0
          clsSeen = true
        }
      })
      // INP's code is fetched after the page's own; interactions before it arrives are in the
      // observer's buffer.
      inp = createInpTracker()
      watch('event', inp.add, { durationThreshold: INP_DURATION_THRESHOLD_MS })
      watch('first-input', inp.add)
      watch('resource', (entries) => {
        for (const entry of entries) {
          if (entry.duration >= options.slowResourceMs && !isOwn(entry.name)) {
            record('slow_resource', entry.duration, entry.name)
          }
        }
      })
    },
    flushOnHide() {
      if (reportedOnHide) return
      reportedOnHide = true
      if (lcp !== undefined) transport.beacon(options.endpoint, build('lcp', lcp))
      if (clsSeen) transport.beacon(options.endpoint, build('cls', cls))
      const worst = inp?.value()
      if (worst !== undefined) transport.beacon(options.endpoint, build('inp', worst))
    },
    stop() {
      for (const stop of stops.splice(0)) stop()
    },
  }
}

/** The browser's PerformanceObserver as a PerformanceSource (buffered, so early entries count). */
export function browserPerformance(): PerformanceSource {
  return {
    observe(type, onEntries, options) {
      if (typeof PerformanceObserver === 'undefined') return undefined
      if (!PerformanceObserver.supportedEntryTypes?.includes(type)) return undefined
      const observer = new PerformanceObserver((list) => onEntries(list.getEntries()))
      observer.observe({ type, buffered: true, ...options })
      return () => observer.disconnect()
    },
  }
}
