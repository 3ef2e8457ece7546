import type { AnalyticsEvent, UserAction } from '@genesis/contracts/monitoring'
import { MONITORING_LIMITS, truncate, UUID_PATTERN } from '@genesis/contracts/monitoring-limits'
import { type AnalyticsQueue, createAnalyticsQueue } from './analytics-queue'
import { MONITORING, MONITORING_PATHS } from './constants'
import { createErrorReporter, type ErrorReporter } from './error-reporter'
import type { MetricsCollector, PerformanceSource } from './metrics'
import { initialLoadTime, pageViewProperties } from './page-view'
import { type SafeStorage, safeStorage } from './safe-storage'
import { createTransport, type Transport } from './transport'

type Details = Record<string, unknown>

/** The app's handle on monitoring; every method is safe to call at any time and never throws. */
export interface Monitor {
  /** Queues an analytics event (docs/product/site.md §3 Analytics event). */
  track(name: string, properties?: Details): void
  /** Queues a page_view with the spec's properties; loadTime defaults to the first page's load time. */
  trackPageView(page: string, options?: { loadTime?: number | null }): void
  /** Attaches a user (or none) to everything recorded from now on, and records an identify event. */
  identify(userId: string | null, traits?: { role?: string | null }): void
  /** Reports an error (the React error boundary passes componentStack). */
  reportError(error: unknown, extra?: { componentStack?: string | null }): void
  /** Records a user action now (session_start, login_attempt, logout, …). */
  recordAction(action: string, details?: Details): void
  /** Records a metric now. */
  recordMetric(name: string, value: number, url?: string | null): void
  /** Sends the analytics queue now. */
  flush(): Promise<void>
  /** Stops timers and listeners (tests, hot reload). */
  shutdown(): void
}

export interface MonitorOptions {
  /** Origin (plus optional prefix) of the gateway; '' means the page's own origin. */
  endpointBase?: string
  window: Window
  transport?: Transport
  performance?: PerformanceSource
  warn?: (message: string, detail?: unknown) => void
}

function newSessionId(win: Window): string {
  try {
    return win.crypto.randomUUID()
  } catch {
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`
  }
}

/** The browser-session id (docs/product/site.md §3 sessionId): one per tab session, kept in sessionStorage. */
function sessionIdOf(session: SafeStorage, win: Window): string {
  const existing = session.readText(MONITORING.sessionIdStorageKey)
  if (existing && existing.length <= MONITORING_LIMITS.sessionIdLength) return existing
  const id = newSessionId(win)
  session.writeText(MONITORING.sessionIdStorageKey, id)
  return id
}

/**
 * The tenant portal stores the tenant id under `tenant_id` (docs/product/site.md §3 Tenant context), either raw or
 * JSON-encoded; only a UUID is passed on.
 */
function tenantIdOf(local: SafeStorage): string | null {
  const raw = local.readText(MONITORING.tenantIdStorageKey)
  if (!raw) return null
  const unquoted = raw.replace(/^"(.*)"$/, '$1')
  return UUID_PATTERN.test(unquoted) ? unquoted : null
}

/** Cuts an object that would not fit the server's details limit down to a note saying so. */
function boundedDetails(details: Details): Details {
  try {
    return JSON.stringify(details).length <= MONITORING_LIMITS.detailsBytes / 2
      ? details
      : { truncated: true, keys: Object.keys(details).slice(0, 20) }
  } catch {
    return { unserialisable: true }
  }
}

/**
 * Wires the analytics queue, the error reporter, the metrics collector and user actions to one
 * window: timers (30 s flush and error retry), unload beacons, online/offline, global errors.
 */
export function createMonitor(options: MonitorOptions): Monitor {
  const win = options.window
  const endpointBase = (options.endpointBase ?? '').replace(/\/+$/, '')
  const transport = options.transport ?? createTransport({ endpointBase })
  const local = safeStorage(() => win.localStorage)
  const session = safeStorage(() => win.sessionStorage)
  const warn = options.warn
  // Read (or made) when the first event, action or error is recorded, not when the monitor starts:
  // the page's first sessionStorage access is a synchronous round trip to the browser process,
  // and most page loads record nothing before they are idle (decision 065).
  let sessionIdKnown: string | undefined
  const sessionId = () => {
    sessionIdKnown ??= sessionIdOf(session, win)
    return sessionIdKnown
  }
  let userId: string | null = null
  let firstPageView = true

  const currentUrl = () => truncate(win.location.href, MONITORING_LIMITS.urlLength)
  const isOnline = () => win.navigator.onLine !== false

  const queue: AnalyticsQueue = createAnalyticsQueue({ transport, storage: local, isOnline, warn })
  const errors: ErrorReporter = createErrorReporter({
    transport,
    storage: local,
    warn,
    context: () => ({
      url: currentUrl(),
      userId,
      tenantId: tenantIdOf(local),
      sessionId: sessionId(),
      userAgent: win.navigator.userAgent,
    }),
  })
  const origin = endpointBase || win.location.origin
  /**
   * The metrics collector is its own chunk, loaded once the page has loaded and the browser is
   * idle (or when a metric is recorded before that): it is not part of the code every public page
   * needs before its first frame. Until it is there, nothing is observed, so nothing is lost.
   */
  let metrics: MetricsCollector | undefined
  let loadingMetrics: Promise<MetricsCollector> | undefined
  const loadMetrics = () => {
    loadingMetrics ??= import('./metrics').then(({ browserPerformance, createMetricsCollector }) => {
      metrics = createMetricsCollector({
        transport,
        performance: options.performance ?? browserPerformance(),
        ownEndpoints: Object.values(MONITORING_PATHS).map((path) => `${origin}${path}`),
        endpoint: MONITORING_PATHS.metrics,
        slowResourceMs: MONITORING.slowResourceMs,
        clipUrl: (url) => truncate(url, MONITORING_LIMITS.urlLength),
        context: () => ({ url: currentUrl(), userId, tenantId: tenantIdOf(local) }),
      })
      return metrics
    })
    return loadingMetrics
  }

  /** Queues an event; `at` is where and when it happened, when that was earlier than now. */
  const enqueue = (name: string, properties: Details, at?: { url: string; timestamp: string }) => {
    const event: AnalyticsEvent = {
      name: truncate(name, MONITORING_LIMITS.nameLength),
      properties: boundedDetails(properties),
      userId,
      tenantId: tenantIdOf(local),
      timestamp: at?.timestamp ?? new Date().toISOString(),
      sessionId: sessionId(),
      url: at?.url ?? currentUrl(),
      referrer: win.document.referrer ? truncate(win.document.referrer, MONITORING_LIMITS.urlLength) : null,
    }
    queue.enqueue(event)
  }
  const track: Monitor['track'] = (name, properties = {}) => enqueue(name, properties)

  // Page views whose properties are measured when the browser is next idle: reading the viewport
  // forces a layout and the first time-zone lookup costs tens of milliseconds on a phone, neither
  // of which should hold up the page being viewed. Hiding the page records them at once.
  const pendingViews = new Set<() => void>()
  const whenIdle = (work: () => void) => {
    const run = () => {
      if (!pendingViews.delete(run)) return
      work()
    }
    pendingViews.add(run)
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 })
    else win.setTimeout(run, 0)
  }
  const recordPendingViews = () => {
    for (const run of [...pendingViews]) run()
  }

  const onHidden = () => {
    recordPendingViews()
    queue.flushWithBeacon()
    metrics?.flushOnHide()
  }
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') onHidden()
  }
  const onOnline = () => {
    void queue.flush()
    void errors.retryPending()
  }
  win.addEventListener('pagehide', onHidden)
  win.document.addEventListener('visibilitychange', onVisibility)
  win.addEventListener('online', onOnline)
  const uninstallErrors = errors.install(win)
  const timer = setInterval(() => {
    if (!isOnline()) return
    void queue.flush()
    void errors.retryPending()
  }, MONITORING.flushIntervalMs)
  // Performance entries are buffered, so observing them can wait until the page has loaded and
  // the browser is idle: the metrics' own requests then never queue ahead of the page's data.
  let shutDown = false
  const startMetricsNow = () => {
    if (shutDown) return
    // A chunk that cannot load costs this page its metrics, nothing else.
    loadMetrics().then(
      (collector) => {
        if (!shutDown) collector.start()
      },
      () => {},
    )
  }
  const startMetrics = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(startMetricsNow)
    else win.setTimeout(startMetricsNow, 0)
  }
  if (win.document.readyState === 'complete') startMetrics()
  else win.addEventListener('load', startMetrics, { once: true })
  // Reports kept by an earlier visit go out as soon as we are back.
  if (isOnline()) void errors.retryPending()

  return {
    track,
    trackPageView(page, pageOptions = {}) {
      const loadTime =
        pageOptions.loadTime !== undefined
          ? pageOptions.loadTime
          : firstPageView
            ? initialLoadTime(win)
            : null
      firstPageView = false
      const title = win.document.title
      const at = { url: currentUrl(), timestamp: new Date().toISOString() }
      whenIdle(() =>
        enqueue(
          'page_view',
          pageViewProperties(win, truncate(page, MONITORING_LIMITS.urlLength), loadTime, title),
          at,
        ),
      )
    },
    identify(id, traits = {}) {
      userId = id && UUID_PATTERN.test(id) ? id : null
      if (userId) track('identify', { role: traits.role ?? null })
    },
    reportError(error, extra) {
      void errors.report(error, extra)
    },
    recordAction(action, details = {}) {
      const record: UserAction = {
        action: truncate(action, MONITORING_LIMITS.nameLength),
        details: boundedDetails(details),
        timestamp: new Date().toISOString(),
        url: currentUrl(),
        sessionId: sessionId(),
      }
      void transport.post(MONITORING_PATHS.actions, record).then((outcome) => {
        if (outcome !== 'sent') (warn ?? console.warn)(`Monitoring: user action ${action} was not recorded`)
      })
    },
    recordMetric(name, value, url) {
      if (metrics) metrics.record(name, value, url)
      else
        void loadMetrics().then(
          (collector) => collector.record(name, value, url),
          () => {},
        )
    },
    flush() {
      recordPendingViews()
      return queue.flush()
    },
    shutdown() {
      shutDown = true
      clearInterval(timer)
      win.removeEventListener('load', startMetrics)
      win.removeEventListener('pagehide', onHidden)
      win.document.removeEventListener('visibilitychange', onVisibility)
      win.removeEventListener('online', onOnline)
      uninstallErrors()
      metrics?.stop()
    },
  }
}
