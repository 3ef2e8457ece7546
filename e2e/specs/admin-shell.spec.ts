import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { anonKey } from '../support/backend'
import { ACCOUNTS, expect, test } from '../support/fixtures'

/** The back office's way in and its frame (issue 13, item 1): sign-in with TOTP, guards, navigation, sign-out. */

const ADMIN_TABLES = ['tenants', 'enquiries', 'newsletters', 'newsletter_subscribers', 'analytics_events']

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test.describe('the back office frame', () => {
  test('an admin signs in with the password and a TOTP code, navigates, and signs out', async ({
    page,
    portal,
  }) => {
    await portal.enrolTotp('admin')
    await page.goto('/admin/shops')
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fshops$/)
    await portal.fillSignIn('admin')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter your authentication code' }),
    ).toBeVisible()
    // Nothing of the back office is shown before the code.
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0)
    await page.getByLabel('Authentication code').fill(await portal.codeFor('admin'))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL(/\/admin\/shops$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Back office' })
    await expect(nav.getByRole('link', { name: 'Shops', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await nav.getByRole('link', { name: 'Enquiries' }).click()
    await expect(page).toHaveURL(/\/admin\/enquiries$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible()

    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    expect(await page.evaluate(() => localStorage.getItem('genesis-auth-token'))).toBeNull()
    await page.goto('/admin/dashboard')
    await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fdashboard$/)
  })

  test('/admin opens the dashboard', async ({ page, portal }) => {
    await portal.signInAs('admin')
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
  })

  test('at 360 wide the navigation opens in a drawer', async ({ page, portal }) => {
    await page.setViewportSize({ width: 360, height: 780 })
    await portal.signInAs('admin')
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden()
    await page.getByRole('button', { name: 'Menu', exact: true }).click()
    const drawer = page.getByRole('dialog', { name: 'Back office' })
    await expect(drawer).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.screenshot({ path: 'test-results/admin-shell-360-drawer.png' })
    await drawer.getByRole('link', { name: 'Tenants' }).click()
    await expect(drawer).toBeHidden()
    await expect(page).toHaveURL(/\/admin\/tenants$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Tenants' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeFocused()
  })

  test('has no serious accessibility violations at 1280 and 360 wide', async ({ page, portal }) => {
    await portal.signInAs('admin')
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/admin/dashboard')
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
      await expectNoSeriousViolations(page)
      await page.screenshot({ path: `test-results/admin-shell-${width}.png`, fullPage: true })
    }
  })
})

test.describe("an admin's password alone", () => {
  test('reads no admin data through REST, and the code step opens it', async ({ portal, request }) => {
    await portal.enrolTotp('admin')
    const session = await portal.apiSession('admin')
    // apiSession verifies the factor (aal2); sign in again with the password only for the aal1 token.
    const aal1 = await request.post('/auth/v1/token?grant_type=password', {
      headers: { apikey: anonKey(), 'content-type': 'application/json' },
      data: ACCOUNTS.admin,
    })
    expect(aal1.ok()).toBe(true)
    const passwordOnly = ((await aal1.json()) as { access_token: string }).access_token
    const read = async (token: string, table: string) => {
      const res = await request.get(`/rest/v1/${table}?select=*`, {
        headers: { apikey: anonKey(), authorization: `Bearer ${token}` },
      })
      expect(res.status(), table).toBe(200)
      return (await res.json()) as unknown[]
    }
    for (const table of ADMIN_TABLES) expect(await read(passwordOnly, table), table).toEqual([])
    // The same admin after the code step reads the tenants (the demo has two).
    expect((await read(session.access_token, 'tenants')).length).toBeGreaterThanOrEqual(2)
  })

  test('without an enrolled factor reads no admin data either', async ({ portal, request }) => {
    await portal.removeFactors('admin')
    const session = await portal.apiSession('admin')
    for (const table of ADMIN_TABLES) {
      const res = await request.get(`/rest/v1/${table}?select=*`, {
        headers: { apikey: anonKey(), authorization: `Bearer ${session.access_token}` },
      })
      expect(await res.json(), table).toEqual([])
    }
  })
})
