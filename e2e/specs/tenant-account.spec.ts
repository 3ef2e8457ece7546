import { expect as baseExpect, test as baseTest } from '@playwright/test'
import { ACCOUNTS, expect, test } from '../support/fixtures'
import { startOwnGateway } from '../support/own-gateway'

/**
 * Issue 12, account settings: two-factor sign-in turned on from the dashboard (QR code and the key
 * as text; the code computed here) and asked for at the next sign-in, then turned off with a
 * current code; a password change that the server confirms with an e-mailed code.
 */

test('a tenant turns on two-factor sign-in and must give a code at the next sign-in', async ({
  page,
  portal,
}) => {
  // Four codes from one authenticator: the replay guard makes the later ones wait for the next 30-second step.
  test.setTimeout(150_000)
  portal.onCleanup(() => portal.removeFactors('tenantA'))
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=account')
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  portal.adoptTotp('tenantA', { factorId: '', secret })
  await page.getByLabel('Authentication code').fill(await portal.codeFor('tenantA'))
  await page.getByRole('button', { name: 'Turn on two-factor' }).click()
  await expect(page.getByText('Two-factor sign-in is on.', { exact: true })).toBeVisible()

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Tenant Portal' })).toBeVisible()
  await portal.fillSignIn('tenantA')
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authentication code' })).toBeVisible()
  await page.getByLabel('Authentication code').fill(await portal.codeFor('tenantA'))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' })).toBeVisible()

  // Turning it off takes a current code.
  await page.goto('/tenant/dashboard?tab=account')
  await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Turn off', exact: true }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await page.getByLabel('Authentication code').fill(await portal.codeFor('tenantA'))
  await page.getByRole('button', { name: 'Turn off', exact: true }).click()
  await expect(page.getByText('Two-factor sign-in is off.', { exact: true })).toBeVisible()
})

baseTest('a tenant changes their password, confirming with the code the server e-mails', async ({ page }) => {
  baseTest.setTimeout(120_000)
  const gw = await startOwnGateway({ AUTH_SECURE_PASSWORD_CHANGE: 'true' })
  try {
    const { email, password } = ACCOUNTS.tenantA
    const next = 'Fresh-Basket-Changed-2027!'
    await page.goto(`${gw.baseURL}/tenant/login`)
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel(/^Password/).fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await baseExpect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()
    await page.goto(`${gw.baseURL}/tenant/dashboard?tab=account`)
    const form = page.getByRole('form', { name: 'Change password' })
    await form.getByLabel(/^New password/).fill(next)
    await form.getByLabel(/^Type it again/).fill(next)
    await form.getByRole('button', { name: 'Change password' }).click()
    await baseExpect(form.getByText('Check your e-mail.')).toBeVisible()
    const mail = await gw.waitForMail((m) => m.to.includes(email) && m.category === 'auth-reauthentication')
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
    baseExpect(code, mail.text).toBeTruthy()
    // What was typed is still there.
    await baseExpect(form.getByLabel(/^New password/)).toHaveValue(next)
    await form.getByLabel('Code from the e-mail').fill(code ?? '')
    await form.getByRole('button', { name: 'Change password' }).click()
    await baseExpect(form.getByText('Your password has been changed.')).toBeVisible()

    // The new password is the one that works now.
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
    await page.getByLabel('E-mail address').fill(email)
    await page.getByLabel(/^Password/).fill(next)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await baseExpect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()
  } finally {
    await gw.stop()
  }
})
