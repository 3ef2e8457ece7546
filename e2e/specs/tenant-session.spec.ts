import { expect, test } from '@playwright/test'
import { ACCOUNTS } from '../support/fixtures'
import { startOwnGateway } from '../support/own-gateway'

/**
 * Sessions over time: password recovery through the e-mailed link, and silent token refresh.
 * Each story runs its own gateway: one changes a demo password, the other needs 5-second tokens.
 */

test('a tenant who forgot their password sets a new one through the link in the outbox mail', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const gw = await startOwnGateway()
  try {
    const { email, password: oldPassword } = ACCOUNTS.tenantA
    const newPassword = 'Fresh-Basket-Recovered-2027!'
    await page.goto(`${gw.baseURL}/tenant/login`)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
    // The address typed on the sign-in form comes along.
    await expect(page.getByLabel('E-mail address')).toHaveValue(email)
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByText('Check your e-mail')).toBeVisible()

    const mail = await gw.waitForMail((m) => m.to.includes(email) && m.category === 'auth-recovery')
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)?.[0]
    expect(link, mail.text).toBeTruthy()
    await page.goto(link!)
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    // The tokens are gone from the address bar.
    await expect(page).toHaveURL(/\/tenant\/login#?$/)
    await page.getByLabel(/^New password/).fill(newPassword)
    await page.getByLabel(/^Type it again/).fill('something else entirely')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByText('The two passwords do not match')).toBeVisible()
    await page.getByLabel(/^Type it again/).fill(newPassword)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()

    // The link worked once; the old password no longer does, the new one does.
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Tenant Portal' })).toBeVisible()
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel(/^Password/).fill(oldPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('Invalid login credentials')
    await page.getByLabel(/^Password/).fill(newPassword)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()

    // Opening the used link again says why it failed, on the login page.
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
    await page.goto(link!)
    await expect(page.getByText('That link did not work')).toBeVisible()
    await expect(page.getByText(/Email link is invalid or has expired/)).toBeVisible()
  } finally {
    await gw.stop()
  }
})

test('with 5-second tokens the session refreshes silently across a minute of use', async ({ page }) => {
  test.setTimeout(180_000)
  const gw = await startOwnGateway({ JWT_EXPIRY: '5' })
  try {
    const refreshes: number[] = []
    const unauthorised: string[] = []
    page.on('response', (res) => {
      const url = res.url()
      if (url.includes('/auth/v1/token?grant_type=refresh_token')) refreshes.push(res.status())
      if ((url.includes('/rest/v1/') || url.includes('/auth/v1/user')) && [401, 403].includes(res.status()))
        unauthorised.push(`${res.status()} ${url}`)
    })
    await page.goto(`${gw.baseURL}/tenant/login`)
    await page.getByLabel('E-mail address').fill(ACCOUNTS.tenantB.email)
    await page.getByLabel(/^Password/).fill(ACCOUNTS.tenantB.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    const heading = page.getByRole('heading', { level: 1, name: 'Bean Theory Roasters CC' })
    await expect(heading).toBeVisible()

    // A minute of use: the page stays open (supabase-js refreshes on its 30 s tick) and is
    // reloaded every 10 s (each load finds an expired token and refreshes it before reading).
    const started = Date.now()
    while (Date.now() - started < 60_000) {
      await page.waitForTimeout(10_000)
      await page.reload()
      await expect(heading).toBeVisible()
      await expect(page).toHaveURL(`${gw.baseURL}/tenant/dashboard`)
    }
    expect(unauthorised).toEqual([])
    expect(refreshes.length).toBeGreaterThanOrEqual(6)
    expect(refreshes.every((status) => status === 200)).toBe(true)
    await expect(page.getByText('Your session has ended')).toHaveCount(0)
  } finally {
    await gw.stop()
  }
})
