import { MONITORING_LIMITS, truncate } from '@genesis/contracts/monitoring-limits'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { MONITORING, MONITORING_PATHS } from './constants'
import { createMetricsCollector, type PerformanceSource } from './metrics'
import { fakeTransport, settle } from './test-support'

/** A performance source whose entries the test emits by hand. */
function fakePerformance() {
  const listeners = new Map<string, (entries: PerformanceEntry[]) => void>()
  const thresholds = new Map<string, number | undefined>()
  const source: PerformanceSource = {
    observe(type, onEntries, options) {
      listeners.set(type, onEntries)
      thresholds.set(type, options?.durationThreshold)
      return () => listeners.delete(type)
    },
  }
  const emit = (type: string, entries: Record<string, unknown>[]) =>
    listeners.get(type)?.(
      entries.map(
        (e) =>
          ({ name: '', startTime: 0, duration: 0, entryType: type, ...e }) as unknown as PerformanceEntry,
      ),
    )
  return { source, emit, listeners, thresholds }
}

const PAGE = 'https://genesis-centre.test/stores'

/** The monitoring constants monitor.ts passes to the collector. */
const MONITORING_OPTIONS = {
  endpoint: MONITORING_PATHS.metrics,
  slowResourceMs: MONITORING.slowResourceMs,
  clipUrl: (url: string) => truncate(url, MONITORING_LIMITS.urlLength),
}

describe('metrics collector', () => {
  let fake: ReturnType<typeof fakeTransport>
  let perf: ReturnType<typeof fakePerformance>
  const start = () => {
    const collector = createMetricsCollector({
      ...MONITORING_OPTIONS,
      transport: fake.transport,
      performance: perf.source,
      ownEndpoints: ['https://genesis-centre.test/api/monitoring/metrics'],
      context: () => ({ url: PAGE, userId: null, tenantId: null }),
      now: () => new Date('2026-11-21T10:00:00.000Z'),
    })
    collector.start()
    return collector
  }
  const metrics = () => fake.posts.filter((p) => p.path === '/api/monitoring/metrics').map((p) => p.body)

  beforeEach(() => {
    fake = fakeTransport()
    perf = fakePerformance()
  })

  it('reports resources that took 1000 ms or more as slow_resource with the resource URL, not faster ones', async () => {
    start()
    perf.emit('resource', [
      { name: 'https://genesis-centre.test/assets/fast.js', duration: 999.9 },
      { name: 'https://genesis-centre.test/assets/hero.avif', duration: 1000 },
      { name: 'https://maps.example/embed', duration: 2500.25 },
    ])
    await vi.waitFor(() => expect(metrics()).toHaveLength(2))
    expect(metrics()).toEqual([
      {
        name: 'slow_resource',
        value: 1000,
        timestamp: '2026-11-21T10:00:00.000Z',
        url: 'https://genesis-centre.test/assets/hero.avif',
        userId: null,
        tenantId: null,
      },
      expect.objectContaining({ name: 'slow_resource', value: 2500.25, url: 'https://maps.example/embed' }),
    ])
  })

  it("never reports the monitor's own slow requests (that would feed itself)", async () => {
    start()
    perf.emit('resource', [{ name: 'https://genesis-centre.test/api/monitoring/metrics', duration: 4000 }])
    await settle()
    expect(metrics()).toEqual([])
  })

  it('reports navigation timing and first contentful paint for the page', async () => {
    start()
    perf.emit('navigation', [{ responseStart: 120, domContentLoadedEventEnd: 640, loadEventEnd: 910 }])
    perf.emit('paint', [
      { name: 'first-paint', startTime: 300 },
      { name: 'first-contentful-paint', startTime: 420 },
    ])
    await vi.waitFor(() => expect(metrics()).toHaveLength(4))
    expect(
      metrics().map((m) => [
        m && typeof m === 'object' && 'name' in m ? m.name : '',
        (m as { value: number }).value,
      ]),
    ).toEqual([
      ['ttfb', 120],
      ['dom_content_loaded', 640],
      ['page_load', 910],
      ['fcp', 420],
    ])
    expect(metrics()[0]).toMatchObject({ url: PAGE })
  })

  it('sends the final LCP and CLS once by beacon when the page is hidden, ignoring shifts after input', () => {
    const collector = start()
    perf.emit('largest-contentful-paint', [{ startTime: 900 }, { startTime: 1800 }])
    perf.emit('layout-shift', [
      { value: 0.05, hadRecentInput: false },
      { value: 0.5, hadRecentInput: true },
      { value: 0.02, hadRecentInput: false },
    ])
    collector.flushOnHide()
    collector.flushOnHide()
    expect(fake.beacons.map((b) => b.body)).toEqual([
      expect.objectContaining({ name: 'lcp', value: 1800 }),
      expect.objectContaining({ name: 'cls', value: 0.07 }),
    ])
  })

  it('sends INP by beacon when the page is hidden: the longest interaction, from event entries', async () => {
    const collector = start()
    // The INP code arrives after the page's own; it then observes interactions above 40 ms.
    await vi.waitFor(() => expect(perf.listeners.has('event')).toBe(true), { timeout: 2000 })
    expect(perf.thresholds.get('event')).toBe(40)
    expect(perf.listeners.has('first-input')).toBe(true)
    perf.emit('first-input', [{ name: 'pointerdown', duration: 24, interactionId: 3 }])
    perf.emit('event', [
      { name: 'pointerup', duration: 56, interactionId: 3 },
      { name: 'click', duration: 184, interactionId: 10 },
      { name: 'keydown', duration: 88, interactionId: 17 },
      { name: 'mouseover', duration: 400, interactionId: 0 },
    ])
    collector.flushOnHide()
    expect(fake.beacons.map((b) => b.body)).toContainEqual(
      expect.objectContaining({ name: 'inp', value: 184, url: PAGE }),
    )
  })

  it('sends no INP for a page view nobody interacted with', async () => {
    const collector = start()
    await vi.waitFor(() => expect(perf.listeners.has('event')).toBe(true), { timeout: 2000 })
    collector.flushOnHide()
    expect(fake.beacons.map((b) => (b.body as { name: string }).name)).not.toContain('inp')
  })

  it('starts one request per task, in the order the metrics came', async () => {
    vi.useFakeTimers()
    try {
      start()
      perf.emit('navigation', [{ responseStart: 120, domContentLoadedEventEnd: 640, loadEventEnd: 910 }])
      await settle()
      // Not inside the task that delivered the timings: each request has a task of its own.
      expect(metrics()).toEqual([])
      for (const expected of [
        ['ttfb'],
        ['ttfb', 'dom_content_loaded'],
        ['ttfb', 'dom_content_loaded', 'page_load'],
      ]) {
        vi.advanceTimersToNextTimer()
        await settle()
        expect(metrics().map((m) => (m as { name: string }).name)).toEqual(expected)
      }
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('keeps working where an entry type is unsupported', async () => {
    const throwing: PerformanceSource = {
      observe(type) {
        if (type === 'largest-contentful-paint') throw new TypeError('unsupported')
        return undefined
      },
    }
    const collector = createMetricsCollector({
      ...MONITORING_OPTIONS,
      transport: fake.transport,
      performance: throwing,
      ownEndpoints: [],
      context: () => ({ url: PAGE, userId: null, tenantId: null }),
    })
    expect(() => collector.start()).not.toThrow()
    collector.record('custom', 5)
    await vi.waitFor(() => expect(metrics()).toHaveLength(1))
    expect(metrics()).toEqual([expect.objectContaining({ name: 'custom', value: 5, url: PAGE })])
  })

  it('stops observing on stop', () => {
    start().stop()
    expect(perf.listeners.size).toBe(0)
  })
})
