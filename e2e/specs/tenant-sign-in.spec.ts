import { ACCOUNTS, expect, TENANTS, test } from '../support/fixtures'

/** The tenant portal's way in: sign-in, guards, two-factor, sign-out (issue 12). */

test.describe('signing in to the tenant portal', () => {
  test('a tenant signs in with the form and lands on their dashboard', async ({ page, portal }) => {
    await page.goto('/tenant/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Tenant Portal' })).toBeVisible()
    await portal.fillSignIn('tenantA')
    await expect(page).toHaveURL(/\/tenant\/dashboard$/)
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()
    await expect(page.getByText('Shop G01')).toBeVisible()
    // The spec (docs/product/site.md §3) Tenant context: the tenant id is kept in browser storage under tenant_id.
    expect(await page.evaluate(() => localStorage.getItem('tenant_id'))).toBe(TENANTS.tenantA.id)
  })

  test('a wrong password shows the server message and keeps what was typed', async ({ page, portal }) => {
    await page.goto('/tenant/login')
    await portal.fillSignIn('tenantA', 'not-the-password')
    await expect(page.getByRole('alert')).toContainText('Invalid login credentials')
    await expect(page.getByLabel('E-mail address')).toHaveValue(ACCOUNTS.tenantA.email)
    await expect(page).toHaveURL(/\/tenant\/login$/)
  })

  test('an anonymous visitor of the dashboard signs in and comes back to it', async ({ page, portal }) => {
    await page.goto('/tenant/dashboard')
    await expect(page).toHaveURL(/\/tenant\/login\?next=%2Ftenant%2Fdashboard$/)
    await portal.fillSignIn('tenantB')
    await expect(page).toHaveURL(/\/tenant\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Bean Theory Roasters CC' })).toBeVisible()
  })

  test('a ?next= that leaves the site is ignored', async ({ page, portal }) => {
    await page.goto('/tenant/login?next=https%3A%2F%2Fevil.example%2F')
    await portal.fillSignIn('tenantA')
    await expect(page).toHaveURL(/\/tenant\/dashboard$/)
  })

  test('a tenant cannot reach any /admin/* route or read admin data', async ({ page, portal, request }) => {
    const session = await portal.signInAs('tenantA')
    for (const path of ['/admin/dashboard', '/admin/shops/edit/1', '/admin/newsletter', '/admin/tenants']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/tenant\/dashboard$/)
    }
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()
    const headers = {
      apikey: await page.evaluate(
        () => JSON.parse(document.getElementById('app-config')?.textContent ?? '{}').anonKey,
      ),
      authorization: `Bearer ${session.access_token}`,
    }
    for (const table of ['enquiries', 'newsletters', 'newsletter_subscribers', 'analytics_events']) {
      const res = await request.get(`/rest/v1/${table}?select=*`, { headers })
      expect(res.status(), table).toBe(200)
      expect(await res.json(), table).toEqual([])
    }
    const tenants = await request.get('/rest/v1/tenants?select=id', { headers })
    expect(await tenants.json()).toEqual([{ id: TENANTS.tenantA.id }])
  })

  test('a tenant with two-factor on must give a code before the dashboard', async ({ page, portal }) => {
    await portal.enrolTotp('tenantA')
    await page.goto('/tenant/login')
    await portal.fillSignIn('tenantA')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Enter your authentication code' }),
    ).toBeVisible()
    await expect(page.getByText('Fresh Basket Trading (Pty) Ltd')).toHaveCount(0)
    await page.getByLabel('Authentication code').fill('000000')
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('alert')).toContainText('Invalid TOTP code entered')
    await page.getByLabel('Authentication code').fill(await portal.codeFor('tenantA'))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' }),
    ).toBeVisible()
  })

  test('signing out ends the session and returns to the login', async ({ page, portal }) => {
    await portal.signInAs('tenantB')
    await page.goto('/tenant/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Bean Theory Roasters CC' })).toBeVisible()
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click()
    await expect(page).toHaveURL(/\/tenant\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Tenant Portal' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('genesis-auth-token'))).toBeNull()
    expect(await page.evaluate(() => localStorage.getItem('tenant_data'))).toBeNull()
    await page.goto('/tenant/dashboard')
    await expect(page).toHaveURL(/\/tenant\/login\?next=/)
  })
})

test.describe('admins and the tenant portal', () => {
  test('an admin signing in is not redirected to the tenant dashboard', async ({ page, portal }) => {
    await portal.enrolTotp('admin')
    await page.goto('/admin/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Back Office' })).toBeVisible()
    await portal.fillSignIn('admin')
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
    await page.getByLabel('Authentication code').fill(await portal.codeFor('admin'))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    // Well past the 100 ms after which a non-admin would be sent to /tenant/dashboard.
    await page.waitForTimeout(600)
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })

  test('an admin without an authenticator enrols one at the first sign-in', async ({ page, portal }) => {
    await portal.removeFactors('admin')
    await page.goto('/admin/login')
    await portal.fillSignIn('admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeVisible()
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    portal.adoptTotp('admin', { factorId: '', secret })
    await page.getByLabel('Authentication code').fill(await portal.codeFor('admin'))
    await page.getByRole('button', { name: 'Turn on two-factor' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })

  test('a signed-in admin opening the tenant login is offered the admin area', async ({ page, portal }) => {
    await portal.signInAs('admin')
    await page.goto('/tenant/login')
    await expect(
      page.getByRole('heading', { level: 1, name: 'You are signed in as centre management' }),
    ).toBeVisible()
    await page.waitForTimeout(600)
    await expect(page).toHaveURL(/\/tenant\/login$/)
    await page.getByRole('link', { name: 'Go to the admin area' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard$/)
  })
})

/**
 * The whole way from a public page into the portal and back, by a link, the form, addresses the
 * router is handed as the browser's back and forward buttons hand them over (a popstate), and the
 * buttons themselves (decision 065 tried starting public pages with the public routes only).
 */
test('from a public page to the tenant login, the dashboard, an unknown portal address and back again', async ({
  page,
  portal,
}) => {
  await page.goto('/stores')
  await expect(page.getByRole('heading', { level: 1, name: /Find a store/ })).toBeVisible()
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
  )
  await page.getByRole('link', { name: 'Tenant Portal' }).first().click()
  await expect(page).toHaveURL(/\/tenant\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Tenant Portal' })).toBeVisible()
  await portal.fillSignIn('tenantA')
  await expect(page).toHaveURL(/\/tenant\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' })).toBeVisible()
  // A signed-in tenant sent to the admin area goes back to their dashboard (the guard, not a 404).
  await page.evaluate(() => {
    history.pushState(null, '', '/admin/shops')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page).toHaveURL(/\/tenant\/dashboard$/)
  await page.evaluate(() => {
    history.pushState(null, '', '/tenant/no-such-page')
    dispatchEvent(new PopStateEvent('popstate'))
  })
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await page.goBack()
  await expect(page).toHaveURL(/\/tenant\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Fresh Basket Trading (Pty) Ltd' })).toBeVisible()
  await page.goForward()
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
})
