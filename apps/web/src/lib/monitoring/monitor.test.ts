import {
  AnalyticsBatchSchema,
  ErrorRecordSchema,
  MetricSchema,
  UserActionSchema,
} from '@genesis/contracts/monitoring'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PerformanceSource } from './metrics'
import { createMonitor, type Monitor } from './monitor'
import { fakeTransport, settle } from './test-support'

const TENANT = '7e000000-0000-4000-8000-00000000000a'
const USER = '0b0a0000-0000-4000-8000-00000000000a'
const noPerformance: PerformanceSource = { observe: () => undefined }

type Sent = { events?: { name: string; [k: string]: unknown }[]; [k: string]: unknown }

describe('site monitor', () => {
  let fake: ReturnType<typeof fakeTransport>
  let monitor: Monitor | undefined
  let online = true
  const warn = vi.fn()
  const start = () => {
    monitor = createMonitor({ window, transport: fake.transport, performance: noPerformance, warn })
    return monitor
  }
  const sentTo = (path: string) => fake.posts.filter((p) => p.path === path).map((p) => p.body as Sent)

  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.clear()
    sessionStorage.clear()
    online = true
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
    fake = fakeTransport()
    warn.mockReset()
  })
  afterEach(() => {
    monitor?.shutdown()
    monitor = undefined
    vi.useRealTimers()
  })

  describe('analytics', () => {
    it('flushes the queue every 30 seconds', async () => {
      start().track('store_search', { query: 'pharmacy' })
      await vi.advanceTimersByTimeAsync(29_999)
      expect(sentTo('/api/analytics/events')).toHaveLength(0)
      await vi.advanceTimersByTimeAsync(1)
      const [batch] = sentTo('/api/analytics/events')
      expect(batch.events?.map((e) => e.name)).toEqual(['store_search'])
      expect(batch.events?.[0]).toMatchObject({
        properties: { query: 'pharmacy' },
        url: window.location.href,
      })
    })

    it('does not flush on the timer while offline, and flushes when the browser comes back online', async () => {
      online = false
      start().track('a')
      await vi.advanceTimersByTimeAsync(60_000)
      expect(fake.posts).toHaveLength(0)
      online = true
      window.dispatchEvent(new Event('online'))
      await settle()
      expect(sentTo('/api/analytics/events')).toHaveLength(1)
    })

    it('sends the queue by beacon when the page is hidden or unloaded', async () => {
      const m = start()
      m.track('a')
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange'))
      expect(fake.beacons.map((b) => (b.body as Sent).events?.map((e) => e.name))).toEqual([['a']])
      m.track('b')
      window.dispatchEvent(new Event('pagehide'))
      expect(fake.beacons.at(-1)?.body).toMatchObject({ events: [{ name: 'b' }] })
      expect(localStorage.getItem('genesis-analytics')).toBe('[]')
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' })
    })

    it('records a page view with the spec properties', async () => {
      document.title = 'Stores | Genesis Centre'
      const m = start()
      m.trackPageView('/stores', { loadTime: 812.4 })
      await m.flush()
      const event = sentTo('/api/analytics/events')[0].events?.[0]
      expect(event?.name).toBe('page_view')
      expect(event?.properties).toEqual({
        page: '/stores',
        title: 'Stores | Genesis Centre',
        loadTime: 812,
        userAgent: navigator.userAgent,
        screenResolution: `${screen.width}x${screen.height}`,
        viewportSize: `${window.innerWidth}x${window.innerHeight}`,
        language: navigator.language,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      })
    })

    it('measures a page view when the browser is idle, keeping the title, URL and time it was viewed at', async () => {
      vi.setSystemTime(new Date('2026-11-22T08:00:00Z'))
      document.title = 'Stores | Genesis Centre'
      const m = start()
      m.trackPageView('/stores')
      const viewedAt = window.location.href
      document.title = 'Leasing | Genesis Centre'
      vi.setSystemTime(new Date('2026-11-22T08:00:05Z'))
      // Not queued yet: nothing to send on the 30 s flush until the browser has been idle.
      expect(localStorage.getItem('genesis-analytics') ?? '[]').toBe('[]')
      await vi.advanceTimersByTimeAsync(2000)
      await m.flush()
      const event = sentTo('/api/analytics/events')[0].events?.[0]
      expect(event).toMatchObject({
        name: 'page_view',
        url: viewedAt,
        timestamp: '2026-11-22T08:00:00.000Z',
        properties: { page: '/stores', title: 'Stores | Genesis Centre' },
      })
    })

    it('still sends a page view that is waiting for idle time when the page is hidden', () => {
      const m = start()
      m.trackPageView('/contact')
      window.dispatchEvent(new Event('pagehide'))
      expect(fake.beacons.at(-1)?.body).toMatchObject({
        events: [{ name: 'page_view', properties: { page: '/contact' } }],
      })
    })

    it('gives the first page view the load time of the page', async () => {
      const m = start()
      m.trackPageView('/')
      m.trackPageView('/about')
      await m.flush()
      const [first, second] = sentTo('/api/analytics/events')[0].events ?? []
      expect(typeof (first.properties as { loadTime: unknown }).loadTime).toBe('number')
      expect((second.properties as { loadTime: unknown }).loadTime).toBeNull()
    })

    it('stamps events with the session id, the identified user and the stored tenant id', async () => {
      localStorage.setItem('tenant_id', TENANT)
      const m = start()
      m.identify(USER, { role: 'tenant' })
      m.track('statement_download')
      await m.flush()
      const events = sentTo('/api/analytics/events')[0].events ?? []
      expect(events.map((e) => e.name)).toEqual(['identify', 'statement_download'])
      expect(events[0]).toMatchObject({ properties: { role: 'tenant' } })
      const sessionId = sessionStorage.getItem('genesis-session-id')
      expect(sessionId).toBeTruthy()
      for (const e of events) expect(e).toMatchObject({ userId: USER, tenantId: TENANT, sessionId })
    })

    it('keeps one session id for the browser session', async () => {
      start().track('first')
      await monitor?.flush()
      const first = sessionStorage.getItem('genesis-session-id')
      expect(first).toBeTruthy()
      monitor?.shutdown()
      start().track('second')
      await monitor?.flush()
      expect(sessionStorage.getItem('genesis-session-id')).toBe(first)
      const sent = sentTo('/api/analytics/events').flatMap((b) => b.events ?? [])
      expect(sent.map((e) => [e.name, e.sessionId])).toEqual([
        ['first', first],
        ['second', first],
      ])
    })

    it('reads the session id when it first records something, not when it starts (decision 065)', async () => {
      const opened = vi.spyOn(window, 'sessionStorage', 'get')
      const m = start()
      expect(opened).not.toHaveBeenCalled()
      m.recordAction('session_start')
      expect(opened).toHaveBeenCalled()
      opened.mockRestore()
      await settle()
      expect(sentTo('/api/monitoring/events')[0]).toMatchObject({
        sessionId: sessionStorage.getItem('genesis-session-id'),
      })
    })

    it('sends a tenant id that is not a UUID as null, and forgets the user on identify(null)', async () => {
      localStorage.setItem('tenant_id', 'undefined')
      const m = start()
      m.identify(USER)
      m.identify(null)
      m.track('a')
      await m.flush()
      expect(sentTo('/api/analytics/events')[0].events?.at(-1)).toMatchObject({
        userId: null,
        tenantId: null,
      })
    })
  })

  describe('errors', () => {
    it('reports global errors and unhandled promise rejections', async () => {
      start()
      const boom = new TypeError('boom')
      window.dispatchEvent(new ErrorEvent('error', { error: boom, message: 'boom' }))
      const rejection = new Event('unhandledrejection')
      Object.defineProperty(rejection, 'reason', { value: new Error('rejected') })
      window.dispatchEvent(rejection)
      await settle()
      const reports = sentTo('/api/monitoring/errors')
      expect(reports.map((r) => r.message)).toEqual(['boom', 'rejected'])
      expect(reports[0]).toMatchObject({
        url: window.location.href,
        userAgent: navigator.userAgent,
        sessionId: sessionStorage.getItem('genesis-session-id'),
      })
      expect(String(reports[0].stack)).toContain('TypeError')
    })

    it('reports an error boundary error with its component stack', async () => {
      start().reportError(new Error('render failed'), { componentStack: '\n    at StoreCard' })
      await settle()
      expect(sentTo('/api/monitoring/errors')[0]).toMatchObject({
        message: 'render failed',
        componentStack: '\n    at StoreCard',
      })
    })

    it('keeps a report under genesis-errors when sending fails, and sends it again on the 30 s tick', async () => {
      fake.state.outcome = 'retry'
      start().reportError(new Error('offline failure'))
      await settle()
      const kept = JSON.parse(localStorage.getItem('genesis-errors') ?? '[]')
      expect(kept).toHaveLength(1)
      expect(kept[0].message).toBe('offline failure')

      fake.state.outcome = 'sent'
      await vi.advanceTimersByTimeAsync(30_000)
      expect(sentTo('/api/monitoring/errors').map((r) => r.message)).toEqual([
        'offline failure',
        'offline failure',
      ])
      expect(JSON.parse(localStorage.getItem('genesis-errors') ?? '[]')).toEqual([])
    })

    it('sends the reports kept by an earlier visit when it starts', async () => {
      localStorage.setItem(
        'genesis-errors',
        JSON.stringify([
          { message: 'from yesterday', timestamp: '2026-11-20T10:00:00.000Z', sessionId: 'old' },
        ]),
      )
      start()
      await settle()
      expect(sentTo('/api/monitoring/errors').map((r) => r.message)).toEqual(['from yesterday'])
      expect(localStorage.getItem('genesis-errors')).toBe('[]')
    })

    it('keeps at most 50 unsent reports, dropping the oldest', async () => {
      fake.state.outcome = 'retry'
      const m = start()
      for (let i = 0; i < 55; i++) m.reportError(new Error(`e${i}`))
      await settle()
      await vi.runOnlyPendingTimersAsync()
      const kept = JSON.parse(localStorage.getItem('genesis-errors') ?? '[]') as { message: string }[]
      expect(kept).toHaveLength(50)
      expect(kept[0].message).toBe('e5')
      expect(kept[49].message).toBe('e54')
    })

    it('reports the same error at most 3 times per page (a render loop is not a flood)', async () => {
      const m = start()
      for (let i = 0; i < 10; i++) m.reportError(new Error('same'))
      await settle()
      expect(sentTo('/api/monitoring/errors')).toHaveLength(3)
    })

    it('stops listening to global errors after shutdown', async () => {
      start().shutdown()
      window.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), message: 'late' }))
      await settle()
      expect(sentTo('/api/monitoring/errors')).toHaveLength(0)
    })
  })

  describe('performance metrics', () => {
    it("waits until the page has loaded before observing, so its metrics never queue ahead of the page's requests", async () => {
      const observed: string[] = []
      const performance: PerformanceSource = {
        observe: (type, onEntries) => {
          observed.push(type)
          if (type === 'paint')
            onEntries([{ name: 'first-contentful-paint', startTime: 640 } as PerformanceEntry])
          return undefined
        },
      }
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' })
      try {
        monitor = createMonitor({ window, transport: fake.transport, performance, warn })
        await vi.advanceTimersByTimeAsync(1000)
        expect(observed).toEqual([])
        expect(sentTo('/api/monitoring/metrics')).toHaveLength(0)
        window.dispatchEvent(new Event('load'))
        await vi.advanceTimersByTimeAsync(100)
        // The collector is a chunk of its own, loaded at that point.
        await vi.dynamicImportSettled()
        await vi.advanceTimersByTimeAsync(100)
        expect(observed).toContain('paint')
        expect(sentTo('/api/monitoring/metrics')).toEqual([
          expect.objectContaining({ name: 'fcp', value: 640 }),
        ])
      } finally {
        Reflect.deleteProperty(document, 'readyState')
      }
    })

    it('never starts observing once shut down', async () => {
      const observe = vi.fn(() => undefined)
      Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' })
      try {
        createMonitor({ window, transport: fake.transport, performance: { observe }, warn }).shutdown()
        window.dispatchEvent(new Event('load'))
        await vi.advanceTimersByTimeAsync(100)
        expect(observe).not.toHaveBeenCalled()
      } finally {
        Reflect.deleteProperty(document, 'readyState')
      }
    })
  })

  describe('user actions', () => {
    it('posts a user action with details, url and session id', async () => {
      start().recordAction('login_attempt', { method: 'email', success: true })
      await settle()
      expect(sentTo('/api/monitoring/events')[0]).toMatchObject({
        action: 'login_attempt',
        details: { method: 'email', success: true },
        url: window.location.href,
        sessionId: sessionStorage.getItem('genesis-session-id'),
      })
    })
  })

  describe('when the browser gets in the way', () => {
    it('works without storage: blocked localStorage and sessionStorage throw nothing into the app', async () => {
      const local = Object.getOwnPropertyDescriptor(window, 'localStorage')
      const session = Object.getOwnPropertyDescriptor(window, 'sessionStorage')
      const denied = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      }
      Object.defineProperty(window, 'localStorage', { configurable: true, get: denied })
      Object.defineProperty(window, 'sessionStorage', { configurable: true, get: denied })
      try {
        const m = start()
        fake.state.outcome = 'retry'
        for (let i = 0; i < 12; i++) m.track(`e${i}`)
        m.trackPageView('/')
        m.reportError(new Error('x'))
        await vi.advanceTimersByTimeAsync(30_000)
        window.dispatchEvent(new Event('pagehide'))
        expect(fake.posts.length).toBeGreaterThan(0)
      } finally {
        if (local) Object.defineProperty(window, 'localStorage', local)
        if (session) Object.defineProperty(window, 'sessionStorage', session)
      }
    })
  })

  it('sends only payloads that the gateway schemas accept, even for oversized input', async () => {
    localStorage.setItem('tenant_id', JSON.stringify(TENANT))
    const m = start()
    m.identify(USER, { role: 'admin' })
    m.trackPageView('/stores')
    m.track('x'.repeat(500), { blob: 'y'.repeat(10_000) })
    m.reportError(new Error('z'.repeat(5000)), { componentStack: 'c'.repeat(20_000) })
    m.reportError({ weird: true })
    m.recordAction('login_attempt', { method: 'email', success: true })
    m.recordMetric('lcp', 1234.5678)
    await vi.dynamicImportSettled()
    await m.flush()
    // The metrics collector starts each request in a task of its own.
    await vi.advanceTimersByTimeAsync(0)
    await settle()
    const schemas = {
      '/api/analytics/events': AnalyticsBatchSchema,
      '/api/monitoring/errors': ErrorRecordSchema,
      '/api/monitoring/metrics': MetricSchema,
      '/api/monitoring/events': UserActionSchema,
    } as const
    expect(new Set(fake.posts.map((p) => p.path)).size).toBe(4)
    for (const { path, body } of fake.posts) {
      const result = schemas[path as keyof typeof schemas].safeParse(body)
      expect(result.error?.issues ?? [], path).toEqual([])
    }
    const events = sentTo('/api/analytics/events')[0].events ?? []
    expect(events[0]).toMatchObject({ tenantId: TENANT })
  })
})
