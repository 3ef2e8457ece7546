import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

const SESSION = 'sess-1a2b3c'
const USER = '0b0a0000-0000-4000-8000-00000000000a'
const TENANT = '7e000000-0000-4000-8000-00000000000a'
const TABLES = ['analytics_events', 'monitoring_errors', 'monitoring_metrics', 'monitoring_actions'] as const

function pageView(overrides: Record<string, unknown> = {}) {
  return {
    name: 'page_view',
    properties: {
      page: '/stores',
      title: 'Stores',
      loadTime: 812,
      language: 'en-ZA',
      timezone: 'Africa/Johannesburg',
    },
    userId: null,
    tenantId: null,
    timestamp: '2026-11-21T10:15:00.000Z',
    sessionId: SESSION,
    url: 'https://genesis-centre.test/stores',
    referrer: 'https://www.google.com/',
    ...overrides,
  }
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
})

describe.each(drivers)('monitoring ingestion on %s', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver)
  })
  afterAll(async () => {
    await gw?.close()
  })
  beforeEach(async () => {
    for (const t of TABLES) await gw.db.query(`delete from public.${t}`)
  })

  const count = async (table: (typeof TABLES)[number]) =>
    (await gw.db.query<{ n: number }>(`select count(*)::int as n from public.${table}`)).rows[0].n
  const post = (path: string, init: RequestInit) => gw.app.request(path, init)

  describe('POST /api/analytics/events', () => {
    it('stores every event of a batch with the spec fields in their columns', async () => {
      const res = await post(
        '/api/analytics/events',
        json({ events: [pageView(), pageView({ name: 'store_view', userId: USER, tenantId: TENANT })] }),
      )
      expect(res.status).toBe(204)
      const { rows } = await gw.db.query(
        `select name, properties, user_id, tenant_id, occurred_at, session_id, url, referrer
           from public.analytics_events order by name`,
      )
      expect(rows).toHaveLength(2)
      expect(rows[0]).toMatchObject({
        name: 'page_view',
        properties: { page: '/stores', title: 'Stores', loadTime: 812 },
        user_id: null,
        tenant_id: null,
        session_id: SESSION,
        url: 'https://genesis-centre.test/stores',
        referrer: 'https://www.google.com/',
      })
      expect(new Date(String(rows[0].occurred_at)).toISOString()).toBe('2026-11-21T10:15:00.000Z')
      expect(rows[1]).toMatchObject({ name: 'store_view', user_id: USER, tenant_id: TENANT })
    })

    it('accepts a beacon: text/plain with a JSON body', async () => {
      const res = await post('/api/analytics/events', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ events: [pageView()] }),
      })
      expect(res.status).toBe(204)
      expect(await count('analytics_events')).toBe(1)
    })

    it('drops a userId or tenantId that is not a UUID to null instead of trusting it', async () => {
      const res = await post(
        '/api/analytics/events',
        json({ events: [pageView({ userId: "1' or 1=1 --", tenantId: 42 })] }),
      )
      expect(res.status).toBe(204)
      const { rows } = await gw.db.query('select user_id, tenant_id from public.analytics_events')
      expect(rows).toEqual([{ user_id: null, tenant_id: null }])
    })

    it('refuses the whole batch when one event is invalid, storing nothing', async () => {
      const res = await post('/api/analytics/events', json({ events: [pageView(), pageView({ name: '' })] }))
      expect(res.status).toBe(400)
      const body = await res.json()
      expect(body).toMatchObject({ error: 'invalid_body' })
      expect(body.issues[0].path).toBe('events.1.name')
      expect(await count('analytics_events')).toBe(0)
    })

    it.each([
      ['no events key', {}],
      ['an empty batch', { events: [] }],
      ['more than 100 events', { events: Array.from({ length: 101 }, () => pageView()) }],
      ['a timestamp that is not ISO 8601', { events: [pageView({ timestamp: 'yesterday' })] }],
      ['a name over 100 characters', { events: [pageView({ name: 'x'.repeat(101) })] }],
      ['a url over 2048 characters', { events: [pageView({ url: `https://x.test/${'a'.repeat(2048)}` })] }],
      ['properties that are not an object', { events: [pageView({ properties: ['a'] })] }],
      ['properties over 4 KiB', { events: [pageView({ properties: { blob: 'x'.repeat(5000) } })] }],
    ])('answers 400 for %s', async (_label, body) => {
      const res = await post('/api/analytics/events', json(body))
      expect(res.status).toBe(400)
      expect(await count('analytics_events')).toBe(0)
    })

    it('answers 400 for a body that is not JSON', async () => {
      const res = await post('/api/analytics/events', json('{"events": ['))
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ error: 'invalid_json' })
    })

    it('answers 415 for a content type that is neither JSON nor text', async () => {
      const res = await post('/api/analytics/events', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'events=1',
      })
      expect(res.status).toBe(415)
      expect(await count('analytics_events')).toBe(0)
    })

    it('answers 413 for a body over 512 KiB, storing nothing', async () => {
      const events = Array.from({ length: 100 }, () =>
        pageView({ url: `https://x.test/${'a'.repeat(2000)}` }),
      )
      const body = JSON.stringify({ events, padding: 'p'.repeat(400 * 1024) })
      const res = await post('/api/analytics/events', json(body))
      expect(res.status).toBe(413)
      expect(await res.json()).toMatchObject({ error: 'payload_too_large' })
      expect(await count('analytics_events')).toBe(0)
    })

    it('answers 413 for an oversize body sent without a length (chunked)', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
      let sent = 0
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 10) controller.enqueue(chunk)
          else controller.close()
        },
      })
      const res = await post('/api/analytics/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(413)
    })

    it('lets a browser on another origin send JSON (CORS preflight)', async () => {
      const res = await post('/api/analytics/events', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://genesis-centre.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      expect(res.status).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
    })
  })

  describe('POST /api/monitoring/errors', () => {
    const report = {
      message: "TypeError: Cannot read properties of undefined (reading 'name')",
      stack: 'TypeError: Cannot read properties of undefined\n    at StoreCard (store-card.tsx:12:7)',
      componentStack: '\n    at StoreCard\n    at StoreGrid',
      url: 'https://genesis-centre.test/stores',
      userId: USER,
      tenantId: 'not-a-uuid',
      timestamp: '2026-11-21T10:16:00.000Z',
      userAgent: 'Mozilla/5.0 (Linux; Android 14)',
      sessionId: SESSION,
    }

    it('stores an error record with every field in its column', async () => {
      const res = await post('/api/monitoring/errors', json(report))
      expect(res.status).toBe(204)
      const { rows } = await gw.db.query(
        `select message, stack, component_stack, url, user_id, tenant_id, occurred_at, user_agent, session_id
           from public.monitoring_errors`,
      )
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        message: report.message,
        stack: report.stack,
        component_stack: report.componentStack,
        url: report.url,
        user_id: USER,
        tenant_id: null,
        user_agent: report.userAgent,
        session_id: SESSION,
      })
      expect(new Date(String(rows[0].occurred_at)).toISOString()).toBe(report.timestamp)
    })

    it('accepts a report sent as text/plain', async () => {
      const res = await post('/api/monitoring/errors', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify(report),
      })
      expect(res.status).toBe(204)
      expect(await count('monitoring_errors')).toBe(1)
    })

    it.each([
      ['no message', { ...report, message: undefined }],
      ['a message over 2000 characters', { ...report, message: 'm'.repeat(2001) }],
      ['a stack over 16000 characters', { ...report, stack: 's'.repeat(16_001) }],
      ['no timestamp', { ...report, timestamp: undefined }],
    ])('answers 400 for %s and stores nothing', async (_label, body) => {
      const res = await post('/api/monitoring/errors', json(body))
      expect(res.status).toBe(400)
      expect(await count('monitoring_errors')).toBe(0)
    })

    it('answers 413 for a body over 64 KiB', async () => {
      const res = await post('/api/monitoring/errors', json({ ...report, padding: 'p'.repeat(65 * 1024) }))
      expect(res.status).toBe(413)
      expect(await count('monitoring_errors')).toBe(0)
    })
  })

  describe('POST /api/monitoring/metrics', () => {
    const metric = {
      name: 'slow_resource',
      value: 1432.5,
      timestamp: '2026-11-21T10:17:00.000Z',
      url: 'https://genesis-centre.test/assets/hero.avif',
      userId: null,
      tenantId: TENANT,
    }

    it('stores a metric with its name, value and context', async () => {
      const res = await post('/api/monitoring/metrics', json(metric))
      expect(res.status).toBe(204)
      const { rows } = await gw.db.query(
        'select name, value, occurred_at, url, user_id, tenant_id from public.monitoring_metrics',
      )
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        name: 'slow_resource',
        value: 1432.5,
        url: metric.url,
        user_id: null,
        tenant_id: TENANT,
      })
    })

    it.each([
      ['a value that is not a number', { ...metric, value: '1432' }],
      ['no value', { ...metric, value: undefined }],
      ['no name', { ...metric, name: undefined }],
    ])('answers 400 for %s and stores nothing', async (_label, body) => {
      const res = await post('/api/monitoring/metrics', json(body))
      expect(res.status).toBe(400)
      expect(await count('monitoring_metrics')).toBe(0)
    })

    it('answers 413 for a body over 8 KiB', async () => {
      const res = await post('/api/monitoring/metrics', json({ ...metric, padding: 'p'.repeat(9 * 1024) }))
      expect(res.status).toBe(413)
      expect(await count('monitoring_metrics')).toBe(0)
    })

    describe('a page view’s batch (decision 047)', () => {
      const batch = (
        n: number,
        at: (i: number) => Record<string, unknown> = (i) => ({ ...metric, value: 1000 + i }),
      ) => ({
        metrics: Array.from({ length: n }, (_, i) => at(i)),
      })

      it('stores every metric of a batch, as a beacon sends it (text/plain)', async () => {
        const res = await post('/api/monitoring/metrics', {
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({
            metrics: [
              { ...metric, name: 'ttfb', value: 120, url: 'https://genesis-centre.test/stores' },
              { ...metric, name: 'lcp', value: 1800.5, url: 'https://genesis-centre.test/stores' },
              metric,
            ],
          }),
        })
        expect(res.status).toBe(204)
        const { rows } = await gw.db.query(
          'select name, value, occurred_at, url, user_id, tenant_id from public.monitoring_metrics order by name',
        )
        expect(rows).toEqual([
          expect.objectContaining({ name: 'lcp', value: 1800.5, url: 'https://genesis-centre.test/stores' }),
          expect.objectContaining({
            name: 'slow_resource',
            value: 1432.5,
            url: metric.url,
            tenant_id: TENANT,
          }),
          expect.objectContaining({ name: 'ttfb', value: 120, user_id: null }),
        ])
        expect(new Date(String(rows[0].occurred_at)).toISOString()).toBe(metric.timestamp)
      })

      it('stores a batch of the most metrics it takes (50)', async () => {
        expect((await post('/api/monitoring/metrics', json(batch(50)))).status).toBe(204)
        expect(await count('monitoring_metrics')).toBe(50)
      })

      it('refuses a batch with one bad metric, naming it, and stores none of the batch', async () => {
        const res = await post(
          '/api/monitoring/metrics',
          json(batch(5, (i) => (i === 3 ? { ...metric, value: 'slow' } : metric))),
        )
        expect(res.status).toBe(400)
        const body = await res.json()
        expect(body).toMatchObject({ error: 'invalid_body' })
        expect(body.issues).toEqual([expect.objectContaining({ path: 'metrics.3.value' })])
        expect(await count('monitoring_metrics')).toBe(0)
      })

      it.each([
        ['more than 50 metrics', batch(51)],
        ['no metric', { metrics: [] }],
        ['metrics that are not a list', { metrics: metric }],
      ])('answers 400 for %s and stores nothing', async (_label, body) => {
        const res = await post('/api/monitoring/metrics', json(body))
        expect(res.status).toBe(400)
        expect(await res.json()).toMatchObject({ error: 'invalid_body' })
        expect(await count('monitoring_metrics')).toBe(0)
      })

      it('answers 400 for a body that is not JSON and stores nothing', async () => {
        const res = await post('/api/monitoring/metrics', json('{"metrics":[{"name":"lcp",'))
        expect(res.status).toBe(400)
        expect(await res.json()).toMatchObject({ error: 'invalid_json' })
        expect(await count('monitoring_metrics')).toBe(0)
      })

      it('answers 413 for a batch over 60 KiB and stores nothing', async () => {
        const long = (i: number) => ({
          ...metric,
          url: `https://genesis-centre.test/${'x'.repeat(2000)}${i}`,
        })
        const res = await post('/api/monitoring/metrics', json(batch(40, long)))
        expect(res.status).toBe(413)
        expect(await res.json()).toMatchObject({ error: 'payload_too_large' })
        expect(await count('monitoring_metrics')).toBe(0)
      })
    })
  })

  describe('POST /api/monitoring/events', () => {
    const action = {
      action: 'login_attempt',
      details: { method: 'email', success: true },
      timestamp: '2026-11-21T10:18:00.000Z',
      url: 'https://genesis-centre.test/tenant/login',
      sessionId: SESSION,
    }

    it('stores a user action with its details', async () => {
      const res = await post('/api/monitoring/events', json(action))
      expect(res.status).toBe(204)
      const { rows } = await gw.db.query(
        'select action, details, occurred_at, url, session_id from public.monitoring_actions',
      )
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        action: 'login_attempt',
        details: { method: 'email', success: true },
        url: action.url,
        session_id: SESSION,
      })
      expect(new Date(String(rows[0].occurred_at)).toISOString()).toBe(action.timestamp)
    })

    it.each([
      ['no action', { ...action, action: undefined }],
      ['details that are a string', { ...action, details: 'logged in' }],
      ['a session id over 100 characters', { ...action, sessionId: 's'.repeat(101) }],
    ])('answers 400 for %s and stores nothing', async (_label, body) => {
      const res = await post('/api/monitoring/events', json(body))
      expect(res.status).toBe(400)
      expect(await count('monitoring_actions')).toBe(0)
    })

    it('answers 413 for a body over 8 KiB', async () => {
      const res = await post('/api/monitoring/events', json({ ...action, padding: 'p'.repeat(9 * 1024) }))
      expect(res.status).toBe(413)
    })
  })

  it('answers an unknown path under /api with a JSON 404, not the web app', async () => {
    const res = await post('/api/monitoring/nothing', json({}))
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: 'not_found' })
  })
})

describe.each(drivers)('monitoring rate limit on %s', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { env: { MONITORING_RATE_LIMIT: '3', TRUST_PROXY: 'true' } })
  })
  afterAll(async () => {
    await gw?.close()
  })

  it('answers 429 with Retry-After once an address has used its budget, and stores nothing more', async () => {
    const send = (ip: string) =>
      gw.app.request(
        '/api/monitoring/metrics',
        json({ name: 'lcp', value: 900, timestamp: '2026-11-21T10:19:00.000Z' }, { 'x-forwarded-for': ip }),
      )
    for (let i = 0; i < 3; i++) expect((await send('198.51.100.7')).status).toBe(204)
    const refused = await send('198.51.100.7')
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await refused.json()).toMatchObject({ error: 'rate_limited' })
    // Another address has its own budget.
    expect((await send('203.0.113.9')).status).toBe(204)
    const { rows } = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from public.monitoring_metrics',
    )
    expect(rows[0].n).toBe(4)
  })

  it('counts a batch of metrics as one request of the budget, and refuses a batch past it whole', async () => {
    const metric = { name: 'slow_resource', value: 1500, timestamp: '2026-11-21T10:19:00.000Z' }
    const sendBatch = () =>
      gw.app.request(
        '/api/monitoring/metrics',
        json({ metrics: Array(5).fill(metric) }, { 'x-forwarded-for': '198.51.100.77' }),
      )
    const before = (
      await gw.db.query<{ n: number }>('select count(*)::int as n from public.monitoring_metrics')
    ).rows[0].n
    for (let i = 0; i < 3; i++) expect((await sendBatch()).status).toBe(204)
    expect((await sendBatch()).status).toBe(429)
    const { rows } = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from public.monitoring_metrics',
    )
    expect(rows[0].n - before).toBe(15)
  })
})
