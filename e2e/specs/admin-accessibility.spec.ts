import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, TENANTS, test } from '../support/fixtures'

/**
 * axe on every back-office page, at desktop and phone widths, once it has loaded: no serious or
 * critical violations (issue 13: "every admin page at 1280 and 360"). The stories of each screen
 * check their own states (dialogs, errors, empty lists) as well.
 */

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '360', viewport: { width: 360, height: 780 } },
] as const

const PAGES = [
  '/admin/dashboard',
  '/admin/shops',
  '/admin/shops/new',
  '/admin/vacant-shops',
  '/admin/vacant-shops/new',
  '/admin/tenants',
  '/admin/tenants/new',
  `/admin/tenants/edit/${TENANTS.tenantA.id}`,
  '/admin/rental-statements',
  '/admin/utility-statements',
  '/admin/newsletter',
  '/admin/enquiries',
  '/admin/maintenance',
  '/admin/notices',
  '/admin/holidays',
  '/admin/holidays/new',
  '/admin/power',
  '/admin/whats-on',
  '/admin/monitoring',
  '/admin/audit',
]

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

for (const width of WIDTHS) {
  test(`every admin page at ${width.name} wide has no serious or critical accessibility violations`, async ({
    page,
    portal,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(width.viewport)
    await portal.signInAs('admin')
    for (const path of PAGES) {
      await test.step(path, async () => {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        // Loaded: no skeleton or spinner left.
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 })
        await expectNoSeriousViolations(page)
      })
    }
  })
}
