import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { type Page, test } from '@playwright/test'
import { expect, Portal } from '../support/fixtures'
import { startOwnGateway } from '../support/own-gateway'

/**
 * Tenant portal accounts (issue 13, item 4). The story runs its own gateway, whose outbox it reads
 * from the log as a developer would; it is started with the shared gateway's keys so the
 * fixtures' helpers (which read them) work against it.
 */
function sharedKeys(): Record<string, string> {
  const keys = JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR ?? '.data/e2e', 'keys.json'), 'utf8'))
  return { JWT_SECRET: keys.jwtSecret, ANON_KEY: keys.anonKey, SERVICE_ROLE_KEY: keys.serviceRoleKey }
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
}

test('an admin invites a new tenant, who sets a password through the outbox link; deactivate and reactivate', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const gw = await startOwnGateway({ ...sharedKeys(), AUTH_SMTP_MAX_FREQUENCY_SECONDS: '0' })
  const adminContext = await browser.newContext({ baseURL: gw.baseURL })
  const tenantContext = await browser.newContext({ baseURL: gw.baseURL })
  const page = await adminContext.newPage()
  const portal = new Portal(page, adminContext.request)
  try {
    const email = 'owner@kasikicks.example'
    const password = 'Kasi-Kicks-Portal-2026!'
    await portal.signInAs('admin')

    // A new tenant, created with their portal account and an invite.
    await page.goto('/admin/tenants/new')
    await page.getByLabel(/^Company name/).fill('Kasi Kicks (Pty) Ltd')
    await page.getByLabel('Contact person').fill('Thabo Nkosi')
    await page.getByLabel(/^E-mail/).fill(email)
    await page.getByLabel('Shop').selectOption({ label: 'G02 Karoo Butchery & Deli' })
    await page.getByLabel('Yearly escalation (%)').fill('8')
    await page.getByLabel('Notice period (months)').fill('3')
    await page.getByLabel('Send an invite to the tenant portal').check()
    await page.getByRole('button', { name: 'Create tenant' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Edit tenant: Kasi Kicks (Pty) Ltd' }),
    ).toBeVisible()
    await expect(page.getByLabel('Yearly escalation (%)')).toHaveValue('8')
    await expect(page.getByLabel('Notice period (months)')).toHaveValue('3')
    const panel = page.getByRole('region', { name: 'Portal account' })
    await expect(panel.getByText('Invited', { exact: true })).toBeVisible()
    await expect(
      panel
        .getByRole('listitem')
        .filter({ hasText: 'Invite' })
        .filter({ hasText: 'by admin@genesis-centre.test' }),
    ).toBeVisible()
    await expectNoSeriousViolations(page)
    await page.screenshot({ path: 'test-results/admin-tenant-account-invited-1280.png', fullPage: true })

    // Inviting again is not offered; resending is.
    await expect(panel.getByRole('button', { name: 'Send invite', exact: true })).toHaveCount(0)
    await expect(panel.getByRole('button', { name: 'Resend invite' })).toBeVisible()

    // The tenant opens the link from the mail and chooses their password.
    const mail = await gw.waitForMail((m) => m.to.includes(email) && m.category === 'auth-invite')
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0]
    expect(link, mail.text).toBeTruthy()
    const tenant = await tenantContext.newPage()
    await tenant.goto(link!)
    await expect(tenant.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    await tenant.getByLabel(/^New password/).fill(password)
    await tenant.getByLabel(/^Type it again/).fill(password)
    await tenant.getByRole('button', { name: 'Save new password' }).click()
    await expect(tenant).toHaveURL(/\/tenant\/dashboard/)
    await expect(tenant.getByRole('heading', { level: 1, name: 'Kasi Kicks (Pty) Ltd' })).toBeVisible()

    await page.reload()
    await expect(panel.getByText('Active', { exact: true })).toBeVisible()

    // Deactivated: the tenant cannot sign in.
    await panel.getByRole('button', { name: 'Deactivate account' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate this portal account?' })
    await confirm.getByRole('button', { name: 'Deactivate account' }).click()
    await expect(panel.getByText('Deactivated', { exact: true })).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Reactivate account' })).toBeVisible()

    await tenantContext.clearCookies()
    await tenant.evaluate(() => localStorage.clear())
    await tenant.goto('/tenant/login')
    await tenant.getByLabel('E-mail address').fill(email)
    await tenant.getByLabel(/^Password/).fill(password)
    await tenant.getByRole('button', { name: 'Sign in' }).click()
    await expect(tenant.getByRole('alert')).toContainText('Your portal access is suspended')

    // Reactivated: they can.
    await panel.getByRole('button', { name: 'Reactivate account' }).click()
    await expect(panel.getByText('Active', { exact: true })).toBeVisible()
    await tenant.getByRole('button', { name: 'Sign in' }).click()
    await expect(tenant.getByRole('heading', { level: 1, name: 'Kasi Kicks (Pty) Ltd' })).toBeVisible()

    await page.setViewportSize({ width: 360, height: 780 })
    await expectNoSeriousViolations(page)
    await page.screenshot({ path: 'test-results/admin-tenant-account-360.png', fullPage: true })
  } finally {
    await adminContext.close()
    await tenantContext.close()
    await gw.stop()
  }
})
