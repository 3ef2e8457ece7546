import { expect, test } from '@playwright/test'

test.describe('the product boots with one command', () => {
  test('the health check reports the database', async ({ request }) => {
    const res = await request.get('/health')
    expect(res.status()).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' })
  })

  test('a visitor opening the home page and a deep link gets the web app', async ({ page }) => {
    for (const path of ['/', '/stores/volt-electronics']) {
      const res = await page.goto(path)
      expect(res?.status()).toBe(200)
      expect(res?.headers()['content-type']).toContain('text/html')
      await expect(page.locator('#root')).not.toBeEmpty()
    }
  })

  test('a service path answers JSON, never the web app', async ({ request }) => {
    const res = await request.get('/rest/v1/shops')
    expect(res.headers()['content-type']).toContain('application/json')
    expect(await res.json()).toBeDefined()
  })
})
