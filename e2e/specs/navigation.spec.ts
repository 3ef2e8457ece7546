import { expect, test } from '@playwright/test'
import { expectGlassBlursOnlyWhenScrolledUnder } from '../support/pixels'

test('an unknown route shows the 404 page, noindex, with a way home', async ({ page }) => {
  await page.goto('/this/does/not/exist')
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeVisible()
})

test.describe('the Leasing Enquiry button and the #enquiry-form anchor', () => {
  test('arriving with #enquiry-form scrolls to the form', async ({ page }) => {
    await page.goto('/leasing#enquiry-form')
    await expect(page.getByRole('form', { name: 'Leasing enquiry' })).toBeInViewport()
  })

  test('from another page the button navigates to /leasing#enquiry-form', async ({ page }) => {
    await page.goto('/about')
    await page.getByRole('button', { name: 'Leasing Enquiry' }).click()
    await expect(page).toHaveURL(/\/leasing#enquiry-form$/)
    await expect(page.getByRole('form', { name: 'Leasing enquiry' })).toBeInViewport()
  })

  test('on /leasing the button scrolls down to the form', async ({ page }) => {
    await page.goto('/leasing')
    await expect(page.getByRole('heading', { name: 'Available Spaces' })).toBeVisible()
    await expect(page.getByRole('form', { name: 'Leasing enquiry' })).not.toBeInViewport()
    await page.getByRole('button', { name: 'Leasing Enquiry' }).click()
    await expect(page.getByRole('form', { name: 'Leasing enquiry' })).toBeInViewport()
    await expect(page).toHaveURL(/\/leasing#enquiry-form$/)
  })
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the menu opens, is usable by keyboard and closes on navigation', async ({ page }) => {
    await page.goto('/')
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
    ).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.getByRole('link', { name: 'Stores' }).click()
    await expect(page).toHaveURL(/\/stores$/)
    await expect(menu).toBeHidden()
    // Nothing is wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })

  test('the menu offers the Leasing Enquiry button', async ({ page }) => {
    await page.goto('/contact')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Leasing Enquiry' }).click()
    await expect(page).toHaveURL(/\/leasing#enquiry-form$/)
    await expect(page.getByRole('form', { name: 'Leasing enquiry' })).toBeInViewport()
  })
})

test("the site header's glass blurs only once something has scrolled under it (decision 070)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await page.goto('/stores')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // At the top the header sits in the flow below the contact bar; the directory then passes under it.
  await expectGlassBlursOnlyWhenScrolledUnder(page, 800)
})
