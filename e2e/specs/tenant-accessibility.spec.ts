import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, type Portal, test } from '../support/fixtures'

/** axe on every tenant page and state, at desktop and phone widths: no serious or critical violations. */

const WIDTHS = [
  { name: '1280', viewport: { width: 1280, height: 900 } },
  { name: '360', viewport: { width: 360, height: 780 } },
] as const

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const STATES: { name: string; open: (page: Page, portal: Portal) => Promise<void> }[] = [
  {
    name: 'the tenant login',
    open: async (page) => {
      await page.goto('/tenant/login')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to the Tenant Portal')
    },
  },
  {
    name: 'the tenant login with an error',
    open: async (page, portal) => {
      await page.goto('/tenant/login')
      await portal.fillSignIn('tenantA', 'wrong password')
      await expect(page.getByRole('alert')).toBeVisible()
    },
  },
  {
    name: 'forgot password',
    open: async (page) => {
      await page.goto('/tenant/login')
      await page.getByRole('button', { name: 'Forgot password?' }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reset your password')
    },
  },
  {
    name: 'the two-factor code step',
    open: async (page, portal) => {
      await portal.enrolTotp('tenantA')
      await page.goto('/tenant/login')
      await portal.fillSignIn('tenantA')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your authentication code')
    },
  },
  {
    name: 'the tenant dashboard',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fresh Basket Trading (Pty) Ltd')
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'the dashboard overview with lease, balance and notices',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard')
      await expect(page.getByRole('region', { name: 'Notices' }).getByRole('listitem').first()).toBeVisible()
      await expect(page.getByTestId('balance-due')).toBeVisible()
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'the statements tab',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=statements')
      await expect(
        page.getByRole('region', { name: 'Utility statements' }).getByRole('row').nth(1),
      ).toBeVisible()
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'the proof of payment dialog',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=statements')
      await page
        .getByRole('button', { name: /Upload proof/ })
        .first()
        .click()
      await expect(page.getByRole('dialog', { name: 'Upload proof of payment' })).toBeVisible()
    },
  },
  {
    name: "the what's on tab with the special form and the tenant's specials",
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=whats-on')
      await expect(page.getByRole('form', { name: 'New special' })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByTestId('managed-whats-on-item').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'the listing editor with its preview',
    open: async (page, portal) => {
      test.slow() // the tab loads its own code after the dashboard's, then the shop
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=listing')
      await expect(page.getByRole('textbox', { name: 'Monday' })).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('region', { name: 'Preview of your store card' })).toBeVisible()
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'the listing editor with a field error',
    open: async (page, portal) => {
      test.slow() // the tab loads its own code after the dashboard's, then the shop
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=listing')
      const form = page.getByRole('form', { name: "Your shop's public listing" })
      await expect(form.getByLabel('Website')).toBeVisible({ timeout: 20_000 })
      await form.getByLabel('Website').fill('not an address')
      await form.getByRole('button', { name: 'Save listing' }).click()
      await expect(form.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true')
    },
  },
  {
    name: 'the listing editor showing an edit made meanwhile',
    open: async (page, portal) => {
      const [shop] = (await portal.serviceRest('GET', 'shops?shop_no=eq.G01&select=id,description')) as {
        id: string
        description: string
      }[]
      portal.onCleanup(() =>
        portal.serviceRest('PATCH', `shops?id=eq.${shop.id}`, { description: shop.description }),
      )
      test.slow() // the tab loads its own code after the dashboard's, then the shop
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=listing')
      const form = page.getByRole('form', { name: "Your shop's public listing" })
      await expect(form.getByLabel('Description')).toBeVisible({ timeout: 20_000 })
      await portal.serviceRest('PATCH', `shops?id=eq.${shop.id}`, { description: 'Changed meanwhile' })
      await form.getByRole('button', { name: 'Save listing' }).click()
      await expect(form.getByRole('button', { name: 'Save mine over it' })).toBeVisible()
    },
  },
  {
    name: 'the maintenance requests',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=maintenance')
      await expect(page.getByTestId('maintenance-request').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
    },
  },
  {
    name: 'the maintenance form with its errors',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=maintenance')
      await page.getByRole('button', { name: 'Log request' }).click()
      await expect(page.getByText('Please choose a category')).toBeVisible()
    },
  },
  {
    name: 'the account settings',
    open: async (page, portal) => {
      await portal.signInAs('tenantA')
      await page.goto('/tenant/dashboard?tab=account')
      await expect(page.getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible()
    },
  },
]

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport })
    for (const state of STATES) {
      test(`${state.name} has no serious or critical accessibility violations`, async ({ page, portal }) => {
        await state.open(page, portal)
        await expectNoSeriousViolations(page)
      })
    }
  })
}
