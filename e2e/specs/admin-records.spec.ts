import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { expect, type Portal, type StoredSession, test } from '../support/fixtures'

/** Shops, Vacant Shops and Tenants in the back office (issue 13, item 3). */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-5).toUpperCase()}`

function cleanupShop(portal: Portal, shopNo: string) {
  portal.onCleanup(() => portal.serviceRest('DELETE', `shops?shop_no=eq.${shopNo}`))
}

test('an admin creates a shop with a logo and sees it in the public directory', async ({ page, portal }) => {
  const shopNo = unique('T')
  const name = `Corner Books ${shopNo}`
  cleanupShop(portal, shopNo)
  await portal.signInAs('admin')
  await page.goto('/admin/shops')
  await expect(page.getByRole('heading', { level: 1, name: 'Shops' })).toBeVisible()
  await page.getByRole('link', { name: 'New shop' }).click()
  await expect(page).toHaveURL(/\/admin\/shops\/new$/)

  // Bad input: inline errors, nothing saved, nothing typed lost.
  await page.getByLabel('Trading name').fill(name)
  await page.getByLabel('Website').fill('cornerbooks')
  await page.getByRole('button', { name: 'Create shop' }).click()
  await expect(page.getByText('Shop number is required')).toBeVisible()
  await expect(page.getByText('Choose a category')).toBeVisible()
  await expect(page.getByText('Enter a web address starting with https://')).toBeVisible()
  await expect(page.getByLabel('Trading name')).toHaveValue(name)
  await expectNoSeriousViolations(page)

  await page.getByLabel('Shop number').fill(shopNo)
  await page.getByLabel('Category').selectOption('Services')
  await page.getByLabel('Floor').selectOption('Ground')
  await page.getByLabel('Website').fill('https://cornerbooks.example')
  // A new shop starts closed every day; opening Monday offers default hours to edit.
  await expect(page.getByLabel('Sunday', { exact: true })).toBeDisabled()
  await page.getByLabel('Monday closed').click()
  await expect(page.getByLabel('Monday', { exact: true })).toHaveValue('09:00 - 17:00')
  await page.getByLabel('Monday', { exact: true }).fill('08:00 - 18:00')
  await page.getByRole('button', { name: 'Create shop' }).click()
  await expect(page).toHaveURL(/\/admin\/shops\/edit\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: `Edit shop: ${shopNo} ${name}` })).toBeVisible()

  // The logo: uploaded with progress, previewed, then saved with the shop.
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible()
  await page.getByRole('button', { name: 'Save changes' }).click()
  // Saved with the shop (the creation's toast may still show, so the stored row is what is checked).
  await expect
    .poll(async () => {
      const [row] = (await portal.serviceRest('GET', `shops?shop_no=eq.${shopNo}&select=logo_path`)) as {
        logo_path: string | null
      }[]
      return row?.logo_path ?? null
    })
    .toMatch(/^[0-9a-f-]{36}\/\d+-logo\.png$/)

  await page.goto(`/stores?q=${encodeURIComponent(name)}`)
  const card = page.getByRole('listitem').filter({ hasText: name })
  await expect(card).toBeVisible()
  await expect(card.locator('img')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/shop-logos\//)
  await expect(card).toContainText('Mon: 08:00 - 18:00')
})

test('the shops list keeps search, sort and page in the URL, with exact counts', async ({ page, portal }) => {
  await portal.signInAs('admin')
  await page.goto('/admin/shops')
  const region = page.getByRole('region', { name: 'Shops' })
  await expect(page.getByText(/^Showing 1–20 of \d+$/)).toBeVisible()
  const total = Number((await page.getByText(/^Showing 1–20 of \d+$/).textContent())?.match(/of (\d+)/)?.[1])
  expect(total).toBeGreaterThan(20)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(`Showing 21–${total} of ${total}`)).toBeVisible()

  await page.getByRole('button', { name: /Trading name/ }).click()
  await expect(page).toHaveURL(/sort=trading_name&dir=asc/)
  await expect(page).not.toHaveURL(/page=/)
  await expect(region.getByRole('columnheader', { name: /Trading name/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )

  await page.getByLabel('Search by shop number, name or category').fill('Fresh Basket')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=Fresh\+Basket/)
  await expect(region.getByRole('row')).toHaveCount(2)
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()
  await page.reload()
  await expect(region.getByRole('row')).toHaveCount(2)
  await expect(region).toContainText('Fresh Basket Market')
  await page.screenshot({ path: 'test-results/admin-shops-1280.png', fullPage: true })
  await expectNoSeriousViolations(page)
})

test('an admin edits and deletes a vacant unit, and an unknown id shows not found', async ({
  page,
  portal,
}) => {
  const unit = unique('V')
  const [created] = (await portal.serviceRest('POST', 'vacant_shops', {
    unit_number: unit,
    size_m2: 75,
    description: 'Story unit',
  })) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `vacant_shops?id=eq.${created.id}`))
  await portal.signInAs('admin')
  await page.goto(`/admin/vacant-shops?q=${unit}`)
  await page.getByRole('link', { name: `Edit unit ${unit}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Edit vacant unit: unit ${unit}` })).toBeVisible()
  await page.getByLabel('Size (m²)').fill('0')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Size must be more than 0')).toBeVisible()
  await page.getByLabel('Size (m²)').fill('82.5')
  await page.getByLabel('Features').fill('Corner position\nGenerator backup')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText(`Saved unit ${unit}`)).toBeVisible()
  const [saved] = (await portal.serviceRest(
    'GET',
    `vacant_shops?id=eq.${created.id}&select=size_m2,features`,
  )) as {
    size_m2: number
    features: string[]
  }[]
  expect(saved).toEqual({ size_m2: 82.5, features: ['Corner position', 'Generator backup'] })
  await page.screenshot({ path: 'test-results/admin-vacant-edit-1280.png', fullPage: true })

  await page.getByRole('button', { name: 'Delete vacant unit' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Delete unit ${unit}?` })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete vacant unit' }).click()
  await expect(page).toHaveURL(/\/admin\/vacant-shops$/)
  expect(await portal.serviceRest('GET', `vacant_shops?id=eq.${created.id}`)).toEqual([])

  await page.goto(`/admin/vacant-shops/edit/${created.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Vacant unit not found' })).toBeVisible()
  await page.goto('/admin/shops/edit/not-a-real-id')
  await expect(page.getByRole('heading', { level: 1, name: 'Shop not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Shops' })).toBeVisible()
})

/**
 * A second admin browser holding the session `signInAs` gave the first one. A second sign-in
 * would need another TOTP code, and the authenticator's next unused code can be a whole
 * 30-second step away (codes are single-use), which is the story's whole time budget.
 */
async function adminPage(browser: Browser, session: StoredSession): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/robots.txt')
  await page.evaluate((value) => localStorage.setItem('genesis-auth-token', value), JSON.stringify(session))
  return page
}

test('two admins edit the same shop: the second is told, and nothing is overwritten', async ({
  page,
  portal,
  browser,
}) => {
  const shopNo = unique('C')
  cleanupShop(portal, shopNo)
  const [shop] = (await portal.serviceRest('POST', 'shops', {
    shop_no: shopNo,
    trading_name: 'Conflict Café',
    category: 'Food & Beverage',
    floor: 'Ground',
  })) as { id: string }[]
  const other = await adminPage(browser, await portal.signInAs('admin'))
  for (const p of [page, other]) {
    await p.goto(`/admin/shops/edit/${shop.id}`)
    await expect(p.getByLabel('Trading name')).toHaveValue('Conflict Café')
  }
  await other.getByLabel('Trading name').fill('Conflict Café (first)')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByText(`Saved ${shopNo} Conflict Café (first)`)).toBeVisible()

  await page.getByLabel('Trading name').fill('Conflict Café (second)')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Someone else changed this shop while you were editing it.' }),
  ).toBeVisible()
  await expect(page.getByLabel('Trading name')).toHaveValue('Conflict Café (second)')
  const [stored] = (await portal.serviceRest('GET', `shops?id=eq.${shop.id}&select=trading_name`)) as {
    trading_name: string
  }[]
  expect(stored.trading_name).toBe('Conflict Café (first)')
  await page.getByRole('button', { name: 'Load their version' }).click()
  await expect(page.getByLabel('Trading name')).toHaveValue('Conflict Café (first)')
  await other.context().close()
})

test('deleting a shop with a tenant is refused with what to do first', async ({ page, portal }) => {
  await portal.signInAs('admin')
  await page.goto('/admin/shops?q=Fresh+Basket')
  await page.getByRole('button', { name: 'Delete G01 Fresh Basket Market' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete shop' }).click()
  await expect(
    page.getByText(/This shop has a tenant\. Move the tenant to another shop or remove them first/),
  ).toBeVisible()
  expect(await portal.serviceRest('GET', 'shops?shop_no=eq.G01&select=shop_no')).toEqual([{ shop_no: 'G01' }])
})

test('the tenants list and form at 360 wide', async ({ page, portal }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await portal.signInAs('admin')
  await page.goto('/admin/tenants')
  await expect(page.getByRole('region', { name: 'Tenants' })).toContainText('Fresh Basket Trading (Pty) Ltd')
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/admin-tenants-360.png', fullPage: true })
  await page.getByRole('link', { name: 'Edit Fresh Basket Trading (Pty) Ltd' }).click()
  await expect(page.getByLabel('Shop')).toHaveValue(/[0-9a-f-]{36}/)
  await page.getByLabel('Lease end').fill('2000-01-01')
  await page.getByLabel('Yearly escalation (%)').fill('120')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('The lease cannot end before it starts')).toBeVisible()
  await expect(page.getByText('Escalation cannot be more than 100%')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.screenshot({ path: 'test-results/admin-tenant-edit-360.png', fullPage: true })
})

test('publishing a shop from the list shows at once, and a refused change is put back with a message', async ({
  page,
  portal,
}) => {
  const shopNo = `Z${Date.now() % 100000}`
  const [shop] = (await portal.serviceRest('POST', 'shops', {
    shop_no: shopNo,
    trading_name: 'Optimistic Optics',
    category: 'Services',
    floor: 'Ground',
    is_published: false,
  })) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `shops?id=eq.${shop.id}`))
  const stored = async () =>
    (
      (await portal.serviceRest('GET', `shops?id=eq.${shop.id}&select=is_published`)) as {
        is_published: boolean
      }[]
    )[0].is_published

  await portal.signInAs('admin')
  await page.goto('/admin/shops?q=Optimistic+Optics')
  const toggle = page.getByRole('switch', { name: `Published in the directory: ${shopNo} Optimistic Optics` })
  await expect(toggle).not.toBeChecked()
  await toggle.click()
  await expect(toggle).toBeChecked()
  await expect.poll(stored).toBe(true)

  // The server refuses the next change: the switch shows it at once, then goes back and says why.
  let patched = false
  await page.route('**/rest/v1/shops?**', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback()
    patched = true
    await new Promise((r) => setTimeout(r, 400))
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'XX000',
        message: 'The database is restarting',
        details: null,
        hint: null,
      }),
    })
  })
  await toggle.click()
  await expect(toggle).not.toBeChecked()
  await expect(page.getByText(`${shopNo} Optimistic Optics was not hidden`)).toBeVisible()
  await expect(page.getByText('The database is restarting')).toBeVisible()
  await expect(toggle).toBeChecked()
  expect(patched).toBe(true)
  expect(await stored()).toBe(true)
})
