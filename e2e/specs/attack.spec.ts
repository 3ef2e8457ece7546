import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { serviceRoleKey } from '../support/backend'

/**
 * The attack suite's browser half (issue 11): what the build ships holds no secret, and markup a
 * tenant writes into their listing is shown as text to every visitor, never run.
 */
const DIST = 'apps/web/dist'
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e'

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  )
}

test('the built web app carries no key, secret or token', () => {
  const keys = JSON.parse(readFileSync(join(DATA_DIR, 'keys.json'), 'utf8')) as Record<string, string>
  const files = filesUnder(DIST).filter((f) => /\.(js|html|css|json|map|txt|svg|webmanifest)$/.test(f))
  expect(files.length).toBeGreaterThan(10)
  const leaks: string[] = []
  for (const file of files) {
    const text = readFileSync(file, 'utf8')
    // The anon key too: it reaches the browser at run time (the injected config), never the bundle.
    for (const [name, value] of Object.entries(keys))
      if (text.includes(value)) leaks.push(`${name} in ${file}`)
    // Any JWT at all (a header `{"alg":…` base64url-encoded) would be someone's credential.
    if (/eyJhbGciOi[\w-]+\.[\w-]+\.[\w-]+/.test(text)) leaks.push(`a JWT in ${file}`)
    if (/SUPABASE_SERVICE_ROLE|JWT_SECRET|SERVICE_ROLE_KEY/.test(text))
      leaks.push(`a secret's name in ${file}`)
  }
  expect(leaks).toEqual([])
})

test.describe('markup a tenant writes into their listing', () => {
  const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>"><svg onload=window.__xss=3>`
  const headers = () => {
    const key = serviceRoleKey()
    return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' }
  }
  let original: { description: string; trading_hours: Record<string, string | null> }

  test.beforeEach(async ({ request }) => {
    const res = await request.get('/rest/v1/shops?shop_no=eq.G01&select=description,trading_hours', {
      headers: headers(),
    })
    ;[original] = await res.json()
    const patch = await request.patch('/rest/v1/shops?shop_no=eq.G01', {
      headers: headers(),
      data: {
        description: `Fresh produce ${PAYLOAD}`,
        trading_hours: { ...original.trading_hours, monday: '<b onmouseover=window.__xss=4>7-8</b>' },
      },
    })
    expect(patch.ok(), await patch.text()).toBe(true)
  })
  test.afterEach(async ({ request }) => {
    await request.patch('/rest/v1/shops?shop_no=eq.G01', { headers: headers(), data: original })
  })

  test('is shown to visitors as text on the directory and the store page, and never runs', async ({
    page,
  }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.goto('/stores/fresh-basket-market')
    await expect(page.getByText(PAYLOAD, { exact: false })).toBeVisible()
    await expect(page.getByText('<b onmouseover=window.__xss=4>7-8</b>')).toBeVisible()
    await page.goto('/stores?q=fresh')
    await expect(page.getByText('Fresh Basket Market').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
    expect(await page.locator('img[src="x"], svg[onload], b[onmouseover]').count()).toBe(0)
    expect(dialogs).toEqual([])
  })
})
