import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { uniqueEmail } from '../support/backend'
import { expect, test } from '../support/fixtures'

/** The dashboard (issue 13, item 2) and Enquiries (item 5). */

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('the dashboard shows the centre in figures, and its page views as a chart', async ({ page, portal }) => {
  await portal.signInAs('admin')
  // Page views recorded today and two days ago (as the ingestion API stores them), so the chart has bars.
  const views = [0, 0, 2].map((daysAgo) => ({
    name: 'page_view',
    url: '/about',
    occurred_at: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  }))
  const stored = (await portal.serviceRest('POST', 'analytics_events', views)) as { id: string }[]
  portal.onCleanup(() =>
    portal.serviceRest('DELETE', `analytics_events?id=in.(${stored.map((v) => v.id).join(',')})`),
  )
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  const counts = (await portal.serviceRest('GET', 'shops?select=id')) as unknown[]
  await expect(page.getByRole('link', { name: new RegExp(`^Stores ${counts.length}`) })).toBeVisible()
  await expect(page.getByText(/^Vacant units\d+/)).toBeVisible()
  await expect(page.getByText(/m² to let/)).toBeVisible()
  await expect(page.getByText(/^Occupancy\d+\.\d%/)).toBeVisible()
  await expect(page.getByRole('figure', { name: 'Page views per day, last 30 days' })).toBeVisible({
    timeout: 15000,
  })
  await expect(page.getByRole('figure').locator('.recharts-bar-rectangle').first()).toBeVisible()
  await expect(page.getByText(/^\d+ page views in the last 30 days$/)).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/admin-dashboard-1280.png', fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/admin-dashboard-360.png', fullPage: true })
})

test('an enquiry sent on the public site appears live on the dashboard', async ({
  page,
  portal,
  browser,
}) => {
  await portal.signInAs('admin')
  await page.goto('/admin/dashboard')
  const latest = page.getByRole('list', { name: 'Latest enquiries' })
  await expect(page.getByText('Live', { exact: true })).toBeVisible()
  const before = await page.getByText(/^Enquiries this week\d+/).textContent()
  const visitor = await browser.newPage()
  const last = `Dash${Date.now().toString(36)}`
  await visitor.goto('/contact')
  const form = visitor.getByRole('form', { name: 'Send us a message' })
  await form.getByLabel('First name').fill('Sipho')
  await form.getByLabel('Last name').fill(last)
  await form.getByLabel('Email').fill(uniqueEmail('dash'))
  await form.getByLabel('Enquiry type').selectOption('general')
  await form.getByLabel('Message').fill('Do you have space for a pop-up stand in December?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(visitor.getByText('Message sent successfully!')).toBeVisible()
  await visitor.close()
  // Without a reload: the list and the week's count follow.
  await expect(latest.getByRole('listitem').first()).toContainText(`Sipho ${last}`)
  await expect(page.getByText(/^Enquiries this week\d+/)).not.toHaveText(before ?? '')
})
