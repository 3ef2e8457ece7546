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

  test('every page boots under the Content-Security-Policy without a single violation', async ({ page }) => {
    // Chromium reports each blocked script, style, frame or connection on the console.
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
    })
    const pages = [
      ['/', /Welcome to Genesis Centre/],
      ['/stores', /Find a store/],
      ['/contact', /Get in touch/],
      ['/tenant/login', /.+/],
      ['/admin/login', /.+/],
    ] as const
    for (const [path, heading] of pages) {
      const res = await page.goto(path)
      const csp = res?.headers()['content-security-policy'] ?? ''
      expect(csp, path).toMatch(/script-src 'self'/)
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline')
      expect(res?.headers()['x-frame-options'], path).toBe('DENY')
      // The app itself ran: a blocked bundle would leave the static first paint, whose controls
      // stay inert, or (sign-in pages) no heading at all.
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading)
      await expect(page.locator('[inert]'), path).toHaveCount(0)
      await page.waitForLoadState('networkidle')
    }
    // Coming back to a page revalidates it (304): it must keep its own policy and boot again.
    await page.goto('/tenant/login')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto('/')
    await expect(page.locator('[inert]')).toHaveCount(0)
    expect(violations).toEqual([])
  })

  test('no other site can frame a page of the centre', async ({ page, baseURL }) => {
    // Another origin (the same server by its address rather than its name) framing the back office.
    const target = new URL('/admin/login', baseURL).href
    const elsewhere = new URL(baseURL ?? '')
    elsewhere.hostname = '127.0.0.1'
    await page.goto(new URL('/health', elsewhere).href)
    await page.setContent(`<iframe src="${target}" title="framed"></iframe>`)
    const frame = page.frames().find((f) => f !== page.mainFrame())
    // Chromium replaces a refused frame with its error page: the centre's app never loads in it.
    await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/)
    expect(await frame?.locator('#root').count()).toBe(0)
  })
})
