import { expect, type Locator, type Page, test } from '@playwright/test'

/** Opens a page and waits until the app has taken over its first paint (no inert controls left). */
async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('[inert]')).toHaveCount(0)
}

/** How many lines a piece of inline text takes on screen (its line boxes). */
const lineCount = (locator: Locator) =>
  locator.evaluate((el) => {
    const range = document.createRange()
    range.selectNodeContents(el)
    // Visible boxes only (a screen-reader-only label is a 1 px clip).
    const boxes = [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1)
    const tops = new Set(boxes.map((r) => Math.round(r.top)))
    return tops.size
  })

/** Fixes a visitor on a phone would notice (issue 15, §3), measured by element boxes at 360 px. */
test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the newsletter e-mail field is full width and at least 44 px tall', async ({ page }) => {
    await open(page, '/')
    const field = page.getByRole('form', { name: 'Newsletter signup' }).getByLabel('Email address')
    const box = await field.boundingBox()
    expect(box?.height).toBeGreaterThanOrEqual(44)
    const form = await page.getByRole('form', { name: 'Newsletter signup' }).boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual((form?.width ?? 0) - 1)
  })

  test('numbers with units, phone numbers and e-mail domains never break across lines', async ({ page }) => {
    await open(page, '/about')
    await expect(page.getByText(/7,002\sm²/).first()).toBeVisible()
    const figures = page.locator('dd').filter({ hasText: /m²|km/ })
    for (const figure of await figures.all())
      expect(await lineCount(figure), (await figure.textContent()) ?? '').toBe(1)

    await open(page, '/contact')
    for (const link of await page.locator('main a[href^="tel:"], footer a[href^="tel:"]').all()) {
      expect(await lineCount(link), (await link.textContent()) ?? '').toBe(1)
    }
    const mail = page.locator('main a[href^="mailto:"]').first()
    await expect(mail).toBeVisible()
    // The domain (the text after the @) sits on one line, whatever the local part does.
    const domain = mail.locator('span').last()
    expect(await domain.textContent()).not.toContain('@')
    expect(await lineCount(domain)).toBe(1)
    for (const part of await page.locator('footer a[href^="mailto:"] span').all()) {
      expect(await lineCount(part), (await part.textContent()) ?? '').toBe(1)
    }
    const headerPhone = page
      .getByRole('complementary', { name: 'Contact' })
      .locator('a[href^="tel:"] .whitespace-nowrap')
    expect(await lineCount(headerPhone)).toBe(1)
  })

  test('featured retailers take at most two lines each', async ({ page }) => {
    await open(page, '/')
    const names = page.locator('[data-featured-name]')
    expect(await names.count()).toBeGreaterThan(5)
    for (const name of await names.all()) {
      expect(await lineCount(name), (await name.textContent()) ?? '').toBeLessThanOrEqual(2)
    }
  })

  test('the skip link moves focus to the page content', async ({ page }) => {
    await open(page, '/stores')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })

  test('every part of the page is inside a landmark, the contact bar included', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('complementary', { name: 'Contact' })).toBeVisible()
  })
})

test.describe('the store directory on a 360 × 740 phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('shows stores on the first screen, with one search field and the filters behind a button', async ({
    page,
  }) => {
    await open(page, '/stores')
    const first = page.getByRole('list', { name: 'Stores' }).getByRole('listitem').first()
    const box = await first.boundingBox()
    expect(box?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(740 - 60)
    await expect(page.getByLabel('Search stores')).toBeVisible()
    await expect(page.getByLabel('Category')).toBeHidden()
    const filters = page.getByRole('button', { name: 'Filters' })
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    await page.getByLabel('Category').selectOption('Electronics')
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Stores' }).getByRole('heading', { level: 2 }).first(),
    ).toBeVisible()
  })
})

test('the map card asks the map provider for nothing until the visitor opens the live map', async ({
  page,
}) => {
  const mapRequests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('openstreetmap.org')) mapRequests.push(r.url())
  })
  await open(page, '/contact')
  await page.getByRole('button', { name: 'Show live map' }).scrollIntoViewIfNeeded()
  await page.waitForLoadState('networkidle')
  expect(mapRequests).toEqual([])
  await expect(page.getByRole('link', { name: 'Get Directions' })).toBeVisible()
  await page.route('**/*openstreetmap.org/**', (route) => route.fulfill({ status: 200, body: '<p>map</p>' }))
  await page.getByRole('button', { name: 'Show live map' }).click()
  await expect(page.locator('iframe[title^="Map showing"]')).toBeVisible()
  expect(mapRequests.length).toBeGreaterThan(0)
})

test('the leasing hero leads to the available spaces and to the enquiry form', async ({ page }) => {
  await open(page, '/leasing')
  await page.getByRole('link', { name: 'See available spaces' }).click()
  await expect(page).toHaveURL(/#available-spaces$/)
  await expect(page.getByRole('heading', { name: 'Available Spaces' })).toBeInViewport()
  await page.goto('/leasing')
  await page.getByRole('link', { name: 'Enquire', exact: true }).click()
  await expect(page).toHaveURL(/#enquiry-form$/)
  await expect(page.locator('#enquiry-form')).toBeInViewport()
})
