import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'

/** Monitoring in the back office (issue 13, item 8). */

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
}

test('an admin reads errors grouped by message, Web Vitals per page and slow resources, with filters', async ({
  page,
  portal,
}) => {
  const tag = `e2e-${Date.now()}`
  const origin = 'http://localhost'
  const hour = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()
  await portal.serviceRest('POST', 'monitoring_errors', [
    {
      message: `TypeError: ${tag} is undefined`,
      stack: `at render (${tag}.js:1:1)`,
      url: `${origin}/stores/${tag}`,
      occurred_at: hour(1),
    },
    {
      message: `TypeError: ${tag} is undefined`,
      stack: 'older',
      url: `${origin}/stores/${tag}`,
      occurred_at: hour(30),
    },
    { message: `Failed to fetch ${tag}`, url: `${origin}/contact`, occurred_at: hour(2) },
  ])
  await portal.serviceRest('POST', 'monitoring_metrics', [
    { name: 'lcp', value: 5200, url: `${origin}/stores/${tag}`, occurred_at: hour(1) },
    { name: 'cls', value: 0.05, url: `${origin}/stores/${tag}`, occurred_at: hour(1) },
    { name: 'slow_resource', value: 2400, url: `${origin}/assets/${tag}.jpg`, occurred_at: hour(1) },
  ])
  portal.onCleanup(() => portal.serviceRest('DELETE', `monitoring_errors?message=like.*${tag}*`))
  portal.onCleanup(() => portal.serviceRest('DELETE', `monitoring_metrics?url=like.*${tag}*`))

  await portal.signInAs('admin')
  await page.goto('/admin/monitoring')
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible()

  const errors = page.getByRole('region', { name: 'Errors', exact: true })
  const group = errors.getByRole('listitem').filter({ hasText: `TypeError: ${tag} is undefined` })
  await expect(group).toContainText('2×')
  await group.getByText('Sample stack').click()
  await expect(group.getByText(`at render (${tag}.js:1:1)`)).toBeVisible()

  const vitals = page.getByRole('region', { name: 'Web Vitals per page', exact: true })
  const row = vitals.getByRole('row').filter({ hasText: `/stores/${tag}` })
  await expect(row).toContainText('5.20 s')
  await expect(row).toContainText('Poor')
  await expect(row).toContainText('0.050')
  await expect(page.getByRole('region', { name: 'Slow resources', exact: true })).toContainText(
    `/assets/${tag}.jpg`,
  )
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/admin-monitoring-1280.png', fullPage: true })

  // Filters narrow every report and stay in the URL across a reload.
  await page.getByLabel('Error message contains').fill('Failed to fetch')
  await page.getByLabel('Page contains').fill('/contact')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/page=%2Fcontact/)
  await expect(errors.getByRole('listitem').filter({ hasText: `Failed to fetch ${tag}` })).toBeVisible()
  await expect(group).toHaveCount(0)
  await page.reload()
  await expect(page.getByLabel('Page contains')).toHaveValue('/contact')
  await expect(errors.getByRole('listitem').filter({ hasText: `Failed to fetch ${tag}` })).toBeVisible()

  // A period without the older occurrence counts only the recent one.
  await page.getByRole('button', { name: 'Clear' }).click()
  await page.getByLabel('Period').selectOption('24h')
  await expect(group).toContainText('1×')

  // Nothing matches: the empty states say so.
  await page.getByLabel('Error message contains').fill(`${tag}-nothing-like-this`)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(errors.getByText('No error matches these filters in this period.')).toBeVisible()

  await page.setViewportSize({ width: 360, height: 780 })
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/admin-monitoring-360.png', fullPage: true })
})

test('a visitor’s tap on a public page is reported as INP and shown in the Web Vitals table', async ({
  page,
  portal,
}) => {
  // A page of its own (a store slug nobody has), so this row is this story's.
  const path = `/stores/inp-${Date.now()}`
  portal.onCleanup(() => portal.serviceRest('DELETE', `monitoring_metrics?url=like.*${path}*`))
  await page.goto(path)
  await expect(page.locator('[inert]')).toHaveCount(0)
  await page.getByRole('heading', { level: 1, name: 'Store not found.' }).click()
  await page.keyboard.press('Tab')
  // Leaving the page hides it: the monitor sends LCP, CLS and INP by beacon.
  await page.goto('/about')

  const inpRows = async () =>
    (await portal.serviceRest(
      'GET',
      `monitoring_metrics?select=name,value&name=eq.inp&url=like.*${path}`,
    )) as {
      name: string
      value: number
    }[]
  await expect
    .poll(async () => (await inpRows()).length, { message: 'the INP beacon arrives', timeout: 10_000 })
    .toBe(1)
  expect(Number.isFinite((await inpRows())[0].value)).toBe(true)
  const pageMetrics = async () =>
    (
      (await portal.serviceRest('GET', `monitoring_metrics?select=name&url=like.*${path}`)) as {
        name: string
      }[]
    ).map((m) => m.name)
  // The page view's navigation timing and first paint arrive beside the INP, one metric per request.
  await expect
    .poll(pageMetrics, { message: 'the page view’s metrics arrive', timeout: 10_000 })
    .toEqual(expect.arrayContaining(['ttfb', 'dom_content_loaded', 'page_load', 'fcp', 'inp']))

  await portal.signInAs('admin')
  await page.goto(`/admin/monitoring?period=24h&page=${encodeURIComponent(path)}`)
  const vitals = page.getByRole('region', { name: 'Web Vitals per page', exact: true })
  const row = vitals.getByRole('row').filter({ hasText: path })
  // The reports are read after the admin's session and second factor are restored: slower than
  // one default expect on a loaded machine.
  await expect(row).toBeVisible({ timeout: 15_000 })
  // Columns: Page, LCP, INP, CLS, FCP, TTFB.
  const inpCell = row.getByRole('cell').nth(2)
  await expect(inpCell).toContainText(/\d+ ms/)
  await expect(inpCell).not.toContainText('not measured')
})
