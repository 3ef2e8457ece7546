import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_URL, type TestGateway } from '../support/gateway.ts'

describe.each(drivers)('sitemap.xml and robots.txt (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
  })
  afterAll(() => gw.close())

  const locs = async () => {
    const res = await gw.app.request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('application/xml')
    const xml = await res.text()
    return [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => ({
      path: new URL(m[1]).pathname,
      origin: new URL(m[1]).origin,
      lastmod: m[2],
    }))
  }

  it('lists the public pages and every published store, with lastmod from the rows', async () => {
    const entries = await locs()
    const { rows } = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from public.shops where is_published',
    )
    const stores = entries.filter((e) => e.path.startsWith('/stores/'))
    expect(stores).toHaveLength(rows[0].n)
    expect(entries.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/about',
        '/stores',
        '/leasing',
        '/contact',
        '/privacy',
        '/stores/nest-home-decor',
      ]),
    )
    expect(new Set(entries.map((e) => e.origin))).toEqual(new Set([TEST_URL]))
    const { rows: volt } = await gw.db.query<{ updated_at: string }>(
      `select to_jsonb(updated_at)#>>'{}' as updated_at from public.shops where shop_no = 'UG01'`,
    )
    const entry = entries.find((e) => e.path === '/stores/volt-electronics')
    expect(Date.parse(entry!.lastmod)).toBe(Math.floor(Date.parse(volt[0].updated_at)))
  })

  it('drops a store that is unpublished, and dates the directory by the latest change', async () => {
    await gw.db.query(`update public.shops set is_published = false where shop_no = 'UG01'`)
    await gw.db.query(`update public.shops set description = description || '.' where shop_no = 'G01'`)
    const entries = await locs()
    expect(entries.map((e) => e.path)).not.toContain('/stores/volt-electronics')
    const changed = entries.find((e) => e.path === '/stores/fresh-basket-market')!.lastmod
    expect(entries.find((e) => e.path === '/stores')!.lastmod).toBe(changed)
    await gw.db.query(`update public.shops set is_published = true where shop_no = 'UG01'`)
    expect((await locs()).map((e) => e.path)).toContain('/stores/volt-electronics')
  })

  it("lists what's on and each approved item until it ends, never one awaiting approval", async () => {
    const paths = (await locs()).map((e) => e.path)
    expect(paths).toEqual(
      expect.arrayContaining([
        '/whats-on',
        '/whats-on/9e000000-0000-4000-8000-000000000001',
        '/whats-on/9e000000-0000-4000-8000-000000000002',
      ]),
    )
    // Awaiting approval (…03) and ended (…04), in the demo seed.
    expect(paths).not.toContain('/whats-on/9e000000-0000-4000-8000-000000000003')
    expect(paths).not.toContain('/whats-on/9e000000-0000-4000-8000-000000000004')
  })

  it('points robots.txt at the sitemap, keeping the rules', async () => {
    const res = await gw.app.request('/robots.txt')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toContain('User-agent: *')
    expect(text).toContain(`Sitemap: ${TEST_URL}/sitemap.xml`)
  })
})
