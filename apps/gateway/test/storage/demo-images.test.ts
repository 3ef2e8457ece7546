import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoImages } from '../../src/demo/demo-images.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/**
 * The demo content's imagery (issue 15 §2): every demo store gets its own logo in `shop-logos`
 * and every demo vacant unit a floor-plan thumbnail in `floor-plans`, stored like uploads and
 * served publicly, linked from the rows.
 */
describe.each(drivers)('demo logos and floor plans (%s)', (driver) => {
  let gw: TestGateway
  let stored: { logos: number; floorPlans: number }
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    stored = await seedDemoImages(gw.deps)
  })
  afterAll(() => gw.close())

  it('gives every demo store a logo in its own folder and every vacant unit a floor plan', async () => {
    const { rows: shops } = await gw.db.query<{ id: string; logo_path: string | null }>(
      'select id, logo_path from public.shops',
    )
    expect(stored.logos).toBe(shops.length)
    for (const shop of shops) expect(shop.logo_path).toBe(`${shop.id}/logo.svg`)
    const { rows: units } = await gw.db.query<{ id: string; floor_plan_path: string | null }>(
      'select id, floor_plan_path from public.vacant_shops',
    )
    expect(stored.floorPlans).toBe(units.length)
    for (const unit of units) expect(unit.floor_plan_path).toBe(`${unit.id}/floor-plan.webp`)
    // Running it again finds nothing left to do, and keeps what a tenant or admin uploaded since.
    expect(await seedDemoImages(gw.deps)).toEqual({ logos: 0, floorPlans: 0 })
  })

  it('serves them publicly as images a browser caches', async () => {
    const { rows } = await gw.db.query<{ logo_path: string }>(
      `select logo_path from public.shops where shop_no = 'UG01'`,
    )
    const logo = await gw.app.request(`/storage/v1/object/public/shop-logos/${rows[0].logo_path}`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/svg+xml')
    expect(logo.headers.get('cache-control')).toBe('max-age=86400')
    const svg = await logo.text()
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 160 160"/)
    expect(svg).toContain('<title>Volt Electronics</title>')
    const { rows: units } = await gw.db.query<{ floor_plan_path: string }>(
      `select floor_plan_path from public.vacant_shops where unit_number = 'UG10'`,
    )
    const plan = await gw.app.request(`/storage/v1/object/public/floor-plans/${units[0].floor_plan_path}`)
    expect(plan.status).toBe(200)
    expect(plan.headers.get('content-type')).toBe('image/webp')
    const bytes = new Uint8Array(await plan.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP')
  })
})
