import { expect, type Page, test } from '@playwright/test'

/**
 * Public pages the gateway rendered with their data are hydrated, not drawn again (decision 040):
 * the app adopts the served nodes. A difference between the gateway's markup and the app's first
 * frame makes React draw the whole page again and report a recoverable error, which the app sends
 * to the site's monitoring and marks on #root (`data-hydration="recovered"`, else "clean").
 */

/** Console errors and uncaught exceptions of the page, collected from before it loads. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    // The not-found page is served with its status, which the browser logs as a failed load.
    const notFound = message.text().includes('status of 404') && !message.location().url.includes('/assets/')
    if (message.type() === 'error' && !notFound) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Remembers the served page's first heading, to tell afterwards whether the app kept its node. */
async function rememberServedHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      Reflect.set(window, 'servedHeading', document.querySelector('#root h1'))
    })
  })
}

/**
 * Holds back the script files matching `pattern`, as a slow phone would receive them late; the
 * returned function lets them through.
 */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(pattern, async (route) => {
    await released
    await route.continue()
  })
  return release
}

const SERVED_PAGES = [
  '/',
  '/stores',
  '/stores?category=Electronics',
  '/stores?q=biltong&open=now',
  '/stores/fresh-basket-market',
  '/leasing',
  '/about',
  '/contact',
  '/whats-on',
  '/privacy',
  '/no-such-page',
]

test('every served public page is hydrated without a mismatch, keeping the served nodes', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const errors = collectErrors(page)
  await rememberServedHeading(page)
  for (const path of SERVED_PAGES) {
    await page.goto(path)
    const root = page.locator('#root')
    await expect(root, path).toHaveAttribute('data-hydration', /.+/, { timeout: 20_000 })
    await expect(root, path).toHaveAttribute('data-hydration', 'clean')
    // The heading on screen is the node the gateway served: nothing was drawn again.
    const kept = await page.evaluate(() => {
      const served = Reflect.get(window, 'servedHeading')
      return served instanceof Element && served === document.querySelector('#root h1')
    })
    expect(kept, path).toBe(true)
    // The served head's tags are the app's own now: one title, and at most one canonical link.
    await expect(page, path).toHaveTitle(/Genesis Centre/)
    expect(await page.locator('head title').count(), path).toBe(1)
    expect(await page.locator('head link[rel="canonical"]').count(), path).toBeLessThanOrEqual(1)
    await expect(page.locator('[inert]'), path).toHaveCount(0)
    expect(errors, path).toEqual([])
  }
})

test('a visitor who asks for reduced motion gets a still hero without a mismatch', async ({ page }) => {
  const errors = collectErrors(page)
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  await expect(page.locator('#root')).toHaveAttribute('data-hydration', 'clean')
  expect(errors).toEqual([])
})

test('a visitor whose clock is a day ahead of the gateway’s gets the page without a mismatch', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const errors = collectErrors(page)
  await page.clock.setFixedTime(new Date(Date.now() + 24 * 60 * 60_000 + 7 * 60_000))
  for (const path of ['/', '/stores', '/stores/fresh-basket-market', '/whats-on']) {
    await page.goto(path)
    await expect(page.locator('#root'), path).toHaveAttribute('data-hydration', 'clean')
  }
  expect(errors).toEqual([])
})

test('the directory’s search box waits for the app, then keeps and searches what is typed', async ({
  page,
}) => {
  // Hold the app's code back, as a slow phone would.
  const release = await holdBack(page, /\/assets\/index-[^/]*\.js$/)
  await page.goto('/stores', { waitUntil: 'commit' })
  // Inert controls are out of the accessibility tree: found by their attributes.
  const search = page.locator('input[type="search"]')
  await expect(search).toHaveAttribute('inert', '')
  release()
  await expect(page.locator('#root')).toHaveAttribute('data-hydration', 'clean', { timeout: 20_000 })
  await expect(search).not.toHaveAttribute('inert')
  await page.getByLabel('Search stores').pressSequentially('biltong')
  await expect(page.getByRole('list', { name: 'Stores' }).getByRole('heading', { level: 2 })).toHaveText([
    'Karoo Butchery & Deli',
  ])
  await expect(page.getByLabel('Search stores')).toHaveValue('biltong')
  await expect(page).toHaveURL(/\?q=biltong$/)
})

test('the leasing form waits for its own code after the page is live, and keeps every field typed', async ({
  page,
}) => {
  // The page is live before the form's code arrives (a slow phone): its fields are still the
  // served markup, so they stay inert until React has taken them over (decision 059).
  const release = await holdBack(page, /\/assets\/leasing-enquiry-form-[^/]*\.js$/)
  await page.goto('/leasing')
  await expect(page.locator('#root')).toHaveAttribute('data-hydration', 'clean', { timeout: 20_000 })
  const firstName = page.locator('input[name="firstName"]')
  await expect(firstName).toHaveAttribute('inert', '')
  release()
  await expect(firstName).not.toHaveAttribute('inert')
  const form = page.getByRole('form', { name: 'Leasing enquiry' })
  const email = `hydration.${Date.now()}@example.com`
  await form.getByLabel('First name').fill('Ayanda')
  await form.getByLabel('Last name').fill('Dlamini')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Business type').selectOption('food')
  await form.getByLabel('Message').fill('Looking for 80 m² near the food court.')
  await expect(form.getByLabel('First name')).toHaveValue('Ayanda')
  await form.getByRole('button', { name: 'Submit Enquiry' }).click()
  await expect(page.getByText('Enquiry received!')).toBeVisible()
})

test('a visitor who scrolled before the app took the page over stays there, and the link they tap opens', async ({
  page,
}) => {
  // Hold the app's code back, as a slow phone would, while the visitor scrolls the served page.
  const release = await holdBack(page, /\/assets\/index-[^/]*\.js$/)
  await page.goto('/stores', { waitUntil: 'commit' })
  const search = page.locator('input[type="search"]')
  await expect(search).toHaveAttribute('inert', '')
  const link = page.getByRole('link', { name: 'Karoo Butchery & Deli' })
  await link.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled).toBeGreaterThan(200)
  release()
  // Hydrated or drawn again, the app's first commit makes the controls live.
  await expect(search).not.toHaveAttribute('inert', { timeout: 20_000 })
  // The router's first commit used to scroll the page to the top, under the visitor's finger.
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)
  await link.click()
  await expect(page).toHaveURL(/\/stores\/karoo-butchery-and-deli$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Karoo Butchery & Deli' })).toBeVisible()
  // A navigation inside the app still starts the new page at the top.
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
})

test('the static first paint and the tenant shell are drawn by the app, not hydrated', async ({ page }) => {
  await page.goto('/tenant/login')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('#root')).not.toHaveAttribute('data-hydration', /.*/)
})
