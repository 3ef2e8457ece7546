import { expect, test } from '@playwright/test'

/**
 * Public pages arrive with their first paint in the HTML (apps/web/scripts/prerender.ts): a
 * visitor on a slow phone reads the page while its code is still on the way, and the app then
 * takes over without anything on screen moving.
 */
test.describe('a visitor on a slow connection', () => {
  test.describe('before any script has run', () => {
    test.use({ javaScriptEnabled: false })

    test('already reads each public page: navigation, page text and footer', async ({ page }) => {
      const pages = [
        ['/', /Welcome to Genesis Centre/],
        ['/about', /The story of Genesis Centre/],
        ['/stores', /Find a store/],
        ['/leasing', /Grow your business with us/],
        ['/contact', /Get in touch/],
      ] as const
      for (const [path, heading] of pages) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
        await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible()
        await expect(page.getByRole('contentinfo'), path).toBeVisible()
      }
    })

    test('cannot type into a form the app has not taken over yet, so nothing typed is lost', async ({
      page,
    }) => {
      await page.goto('/')
      const email = page.getByRole('form', { name: 'Newsletter signup' }).getByLabel('Email address')
      await expect(email).toBeVisible()
      await expect(email).toHaveAttribute('inert', '')
    })
  })

  test('sees the app take over without the page moving, and every control live', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number }
      w.shifts = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.shifts += (entry as unknown as { value: number }).value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    for (const path of ['/', '/stores', '/stores/fresh-basket-market', '/leasing']) {
      await page.goto(path)
      await expect(page.locator('[inert]')).toHaveCount(0)
      await page.waitForLoadState('networkidle')
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts)
      expect(shifts, path).toBeLessThan(0.1)
    }
  })
})
