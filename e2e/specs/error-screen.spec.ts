import { expect, test } from '@playwright/test'

// `?simulate-error` is the test hook of the public layout (apps/web/src/app/routes/public/layout.tsx):
// it throws while rendering the history entry the page was opened with.
test.describe('the fallback error screen', () => {
  test.beforeEach(async ({ page }) => {
    page.on('pageerror', () => {})
    await page.goto('/about?simulate-error')
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
    await expect(
      page.getByText('We encountered an unexpected error. Please try refreshing the page.'),
    ).toBeVisible()
  })

  test('Try Again clears the error and shows the page', async ({ page }) => {
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('heading', { level: 1, name: /The story of/ })).toBeVisible()
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
  })

  test('Reload Page reloads the document', async ({ page }) => {
    const reloaded = page.waitForEvent('load')
    await page.getByRole('button', { name: 'Reload Page' }).click()
    await reloaded
    // A fresh load of the same URL throws again: proof that it really was reloaded.
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  })

  test('Go Home goes to the home page', async ({ page }) => {
    await page.getByRole('button', { name: 'Go Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1, name: /Welcome to/ })).toBeVisible()
  })
})
