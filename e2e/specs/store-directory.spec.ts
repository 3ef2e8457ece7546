import { expect, type Page, test } from '@playwright/test'

const storeNames = (page: Page) =>
  page.getByRole('list', { name: 'Stores' }).getByRole('heading', { level: 2 })

test.describe('a visitor looking for a store', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/stores')
    await expect(page.getByText(/^Showing \d+ of \d+ stores$/)).toBeVisible()
  })

  test('finds a store by searching its name or description', async ({ page }) => {
    await page.getByLabel('Search stores').fill('biltong')
    await expect(storeNames(page)).toHaveText(['Karoo Butchery & Deli'])
    await expect(page).toHaveURL(/\?q=biltong$/)
    await page.getByLabel('Search stores').fill('VOLT')
    await expect(storeNames(page)).toHaveText(['Volt Electronics'])
  })

  test('narrows the list by category', async ({ page }) => {
    await page.getByLabel('Category').selectOption('Electronics')
    const names = await storeNames(page).allTextContents()
    expect(names.length).toBeGreaterThan(1)
    expect(names).toContain('Volt Electronics')
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
    await expect(page).toHaveURL(/category=Electronics/)
  })

  test('narrows the list by floor, with floors in the spec order', async ({ page }) => {
    const floor = page.getByLabel('Floor')
    await expect(floor.locator('option')).toHaveText([
      'All Floors',
      'Lower Ground',
      'Ground',
      'Upper Ground',
      'Mezzanine',
      'First Floor',
    ])
    await floor.selectOption('Mezzanine')
    await expect(page.getByText(/^Showing \d+ of \d+ stores$/)).toBeVisible()
    for (const card of await page.getByRole('list', { name: 'Stores' }).getByRole('listitem').all()) {
      await expect(card).toContainText('Mezzanine')
    }
    // A filtered view is not for search engines; the back button undoes the filter.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await page.goBack()
    await expect(floor).toHaveValue('All Floors')
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
  })

  test('clears filters when nothing matches', async ({ page }) => {
    const total = await storeNames(page).count()
    await page.getByLabel('Search stores').fill('zzzz no such shop')
    await page.getByLabel('Category').selectOption('Entertainment')
    await expect(page.getByText('No stores found')).toBeVisible()
    await page.getByRole('button', { name: 'Clear Filters' }).click()
    await expect(storeNames(page)).toHaveCount(total)
    await expect(page.getByLabel('Search stores')).toHaveValue('')
    await expect(page.getByLabel('Category')).toHaveValue('All Categories')
    await expect(page.getByLabel('Floor')).toHaveValue('All Floors')
  })

  test('opens a store and sees its trading hours', async ({ page }) => {
    await page.getByRole('link', { name: 'Karoo Butchery & Deli' }).click()
    await expect(page).toHaveURL(/\/stores\/karoo-butchery-and-deli$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Karoo Butchery & Deli' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Stores')
    await expect(page.getByText('Ground, Shop G02')).toBeVisible()
    await expect(page.getByRole('link', { name: '011 274 5311' })).toHaveAttribute('href', 'tel:0112745311')
    const hours = page.locator('dl').filter({ hasText: 'Mon-Fri' })
    await expect(hours).toContainText('Mon-Fri08:00 - 18:00')
    await expect(hours).toContainText('Sat08:00 - 15:00')
    await expect(hours).toContainText('SunClosed')
    await expect(page).toHaveTitle('Karoo Butchery & Deli | Genesis Centre')
  })
})

test('an unknown store slug says the store is not found and links back', async ({ page }) => {
  await page.goto('/stores/no-such-store')
  await expect(page.getByRole('heading', { name: 'Store not found.' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to Store Directory' }).click()
  await expect(page).toHaveURL(/\/stores$/)
})

test('the list view lines its columns up: floor, phone and hours start at the same place on every row', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/stores?view=list')
  await expect(page.locator('[inert]')).toHaveCount(0)
  const rows = page.getByRole('list', { name: 'Stores' }).getByRole('listitem')
  expect(await rows.count()).toBeGreaterThan(10)
  for (const column of ['floor', 'phone', 'hours']) {
    const lefts = await rows
      .locator(`[data-column="${column}"]`)
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)))
    expect(new Set(lefts).size, column).toBe(1)
  }
})
