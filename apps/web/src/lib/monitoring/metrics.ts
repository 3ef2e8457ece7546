import { METRIC_BATCH_LIMITS } from '@genesis/contracts/metric-batch'
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
  /** Runs `flush` once the browser is next idle (tests pass their own). */
  whenIdle?: (flush: () => void) => void
  now?: () => Date
}

export interface MetricsCollector {
  /** Queues one metric, sent with the others when the browser is next idle; never throws. */
  record(name: string, value: number, url?: string | null): void
  /** Starts observing navigation timing, paint, LCP, CLS, interactions (INP) and resources. */
  start(): void
  /** Sends every queued metric now, in one request. */
  flush(): void
  /** Page hidden: LCP, CLS and INP are final for this view; send them with the queue, by beacon. */
  flushOnHide(): void
  stop(): void
}

/** Reads numeric fields of a performance entry without trusting its concrete type. */
function numberField(entry: PerformanceEntry, field: string): number | undefined {
  const value: unknown = Reflect.get(entry, field)
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/** Runs `work` when the browser is idle (within 5 s), or after a second where it cannot say. */
function browserIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: 5000 })
  else setTimeout(work, 1000)
}

/**
 * Web-vitals-style timings measured with the browser's own Performance APIs (no dependency):
 * ttfb, dom_content_loaded, page_load and fcp from navigation and paint timing; lcp, cls and inp
 * (inp.ts, from Event Timing) from PerformanceObserver where supported (reported once, when the
 * page is hidden); and every
 * resource that took 1000 ms or more as `slow_resource` (docs/product/site.md §9) with the resource's URL.
 *
 * Metrics are queued and sent together (decision 047): one request when the browser is next idle
 * after the first metric of a burst (a page's load brings a dozen at once), and one when the page
 * is hidden, as `{ metrics: [...] }` by beacon where the browser has it (fetch otherwise). Only a
 * queue past the gateway's batch limits is split.
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
  let queue: Metric[] = []
  let flushScheduled = false
  const whenIdle = options.whenIdle ?? browserIdle

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
  /** One request per batch that fits the gateway's limits; a beacon where the browser takes it. */
  const send = (batch: Metric[]) => {
    const body = { metrics: batch }
    if (!transport.beacon(options.endpoint, body)) void transport.post(options.endpoint, body)
  }
  const flush = () => {
    flushScheduled = false
    const metrics = queue
    queue = []
    const encoder = new TextEncoder()
    // `{"metrics":[` … `]}` around the entries and a comma between them.
    const wrapper = 14
    let batch: Metric[] = []
    let bytes = wrapper
    for (const metric of metrics) {
      const size = encoder.encode(JSON.stringify(metric)).length + 1
      if (
        batch.length > 0 &&
        (batch.length >= METRIC_BATCH_LIMITS.metrics || bytes + size > METRIC_BATCH_LIMITS.bodyBytes)
      ) {
        send(batch)
        batch = []
        bytes = wrapper
      }
      batch.push(metric)
      bytes += size
    }
    if (batch.length > 0) send(batch)
  }
  const enqueue = (metric: Metric) => {
    queue.push(metric)
    if (flushScheduled) return
    flushScheduled = true
    whenIdle(flush)
  }
  const record: MetricsCollector['record'] = (name, value, url) => {
    if (!Number.isFinite(value)) return
    enqueue(build(name, value, url))
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
    flush,
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
      if (!reportedOnHide) {
        reportedOnHide = true
        if (lcp !== undefined) queue.push(build('lcp', lcp))
        if (clsSeen) queue.push(build('cls', cls))
        const worst = inp?.value()
        if (worst !== undefined) queue.push(build('inp', worst))
      }
      flush()
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
