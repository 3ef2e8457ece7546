import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'

type Client = ReturnType<TestGateway['client']>
const SITE = 'https://genesis-centre.example'

/**
 * The Monitoring screen's reports (issue 13, item 8; migration 20261124310000), through REST with
 * real tokens: computed for admins with their second factor, nothing for anyone else.
 */
describe.each(drivers)('monitoring reports (%s)', (driver) => {
  let gw: TestGateway
  const callers: Record<string, Client> = {}
  const week = () => new Date(Date.now() - 7 * 86_400_000).toISOString()

  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    callers.anon = gw.client()
    callers.tenantA = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
    callers.adminAal1 = gw.client({ accessToken: await signToken(userClaims(DEMO.admin), TEST_JWT_SECRET) })
    // The admin has a verified factor, so without the code step RLS shows them nothing.
    await gw.db.query(
      `insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
         values ($1, 'Phone', 'totp', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [DEMO.admin.id],
    )
    callers.admin = gw.client({
      accessToken: await signToken(userClaims(DEMO.admin, { aal: 'aal2' }), TEST_JWT_SECRET),
    })
    await gw.db.exec(`
      delete from public.analytics_events; delete from public.monitoring_errors; delete from public.monitoring_metrics;
      insert into public.analytics_events (name, url, session_id, occurred_at) values
        ('page_view', '${SITE}/stores?category=food#top', 's1', now() - interval '1 hour'),
        ('page_view', '${SITE}/stores', 's1', now() - interval '2 hours'),
        ('page_view', '${SITE}/stores', 's2', now() - interval '3 hours'),
        ('page_view', '${SITE}/', 's2', now() - interval '3 hours'),
        ('page_view', '${SITE}/leasing', 's3', now() - interval '20 days'),
        ('click', '${SITE}/stores', 's1', now());
      insert into public.monitoring_metrics (name, value, url, occurred_at) values
        ('lcp', 1000, '${SITE}/stores', now()), ('lcp', 2000, '${SITE}/stores?x=1', now()),
        ('lcp', 3000, '${SITE}/stores', now()), ('lcp', 4000, '${SITE}/stores', now()),
        ('cls', 0.02, '${SITE}/stores', now()), ('ttfb', 300, '${SITE}/', now()),
        ('lcp', 9000, '${SITE}/stores', now() - interval '30 days'),
        ('slow_resource', 1500, '${SITE}/assets/hero.jpg?v=2', now()),
        ('slow_resource', 2500, '${SITE}/assets/hero.jpg?v=3', now()),
        ('slow_resource', 1100, '${SITE}/rest/v1/shops', now());
      insert into public.monitoring_errors (message, stack, url, occurred_at) values
        ('TypeError: x is undefined', 'old stack', '${SITE}/stores', now() - interval '2 days'),
        ('TypeError: x is undefined', 'newest stack', '${SITE}/stores/g01', now() - interval '1 hour'),
        ('TypeError: x is undefined', null, '${SITE}/stores', now() - interval '3 hours'),
        ('Failed to fetch', null, '${SITE}/contact', now() - interval '5 hours'),
        ('Ancient error', null, '${SITE}/', now() - interval '60 days');
    `)
  })
  afterAll(() => gw.close())

  it('counts page views and visits per page for an admin, most viewed first', async () => {
    const { data, error } = await callers.admin.rpc('monitoring_top_pages', { since: week() })
    expect(error).toBeNull()
    expect(data).toEqual([
      expect.objectContaining({ path: '/stores', views: 3, sessions: 2 }),
      expect.objectContaining({ path: '/', views: 1, sessions: 1 }),
    ])
    const filtered = await callers.admin.rpc('monitoring_top_pages', { since: week(), page: 'STOR' })
    expect((filtered.data as { path: string }[]).map((r) => r.path)).toEqual(['/stores'])
  })

  it('reports the 75th percentile of each Web Vital per page within the period', async () => {
    const { data, error } = await callers.admin.rpc('monitoring_vitals', { since: week() })
    expect(error).toBeNull()
    expect(data).toEqual([
      { path: '/', metric: 'ttfb', p75: 300, samples: 1 },
      { path: '/stores', metric: 'cls', p75: 0.02, samples: 1 },
      // percentile_cont over 1000, 2000, 3000, 4000 (the 9000 of 30 days ago is outside the period)
      { path: '/stores', metric: 'lcp', p75: 3250, samples: 4 },
    ])
  })

  it('groups errors by message with counts, pages, first and last seen and the newest stack', async () => {
    const { data, error } = await callers.admin.rpc('monitoring_error_groups', { since: week() })
    expect(error).toBeNull()
    const groups = data as Record<string, unknown>[]
    expect(groups.map((g) => [g.message, g.occurrences, g.pages])).toEqual([
      ['TypeError: x is undefined', 3, 2],
      ['Failed to fetch', 1, 1],
    ])
    expect(groups[0]).toMatchObject({ sample_stack: 'newest stack', sample_url: `${SITE}/stores/g01` })
    expect(new Date(groups[0].first_seen as string).getTime()).toBeLessThan(
      new Date(groups[0].last_seen as string).getTime() - 86_400_000,
    )
    const searched = await callers.admin.rpc('monitoring_error_groups', { since: week(), search: 'fetch' })
    expect((searched.data as { message: string }[]).map((g) => g.message)).toEqual(['Failed to fetch'])
    const onPage = await callers.admin.rpc('monitoring_error_groups', { since: week(), page: '/contact' })
    expect((onPage.data as { message: string }[]).map((g) => g.message)).toEqual(['Failed to fetch'])
  })

  it('lists slow resources by resource without their query', async () => {
    const { data, error } = await callers.admin.rpc('monitoring_slow_resources', { since: week() })
    expect(error).toBeNull()
    expect(data).toEqual([
      expect.objectContaining({
        resource: `${SITE}/assets/hero.jpg`,
        occurrences: 2,
        p75_ms: 2250,
        worst_ms: 2500,
      }),
      expect.objectContaining({ resource: `${SITE}/rest/v1/shops`, occurrences: 1 }),
    ])
  })

  it('shows tenants and an admin without the code step nothing, and refuses visitors', async () => {
    for (const who of ['tenantA', 'adminAal1'] as const) {
      for (const fn of [
        'monitoring_top_pages',
        'monitoring_vitals',
        'monitoring_error_groups',
        'monitoring_slow_resources',
      ]) {
        const { data, error } = await callers[who].rpc(fn, { since: week() })
        expect({ who, fn, error, data }).toEqual({ who, fn, error: null, data: [] })
      }
    }
    const anon = await callers.anon.rpc('monitoring_error_groups', { since: week() })
    expect(anon.error?.code).toBe('42501')
  })
})
