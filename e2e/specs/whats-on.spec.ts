import { readFile } from 'node:fs/promises'
import { expect, test } from '../support/fixtures'

/**
 * Issue 18, item 4: a tenant's special is invisible until an admin approves it, then appears on
 * /whats-on (live, on a page already open) and disappears once it has ended; each item has its own
 * page with Event or Offer JSON-LD, and an event a calendar file.
 */

// A portal sign-in, the back office and two browsers: about a minute on the shared two-core machine.
test.describe.configure({ timeout: 180_000 })

const FARMERS_MARKET = '9e000000-0000-4000-8000-000000000001'
const CAPPUCCINO_SPECIAL = '9e000000-0000-4000-8000-000000000002'

/** "2026-11-28T09:00" in SAST, as the form's date-time fields take it. */
const sastLocal = (ms: number) => new Date(ms + 2 * 3_600_000).toISOString().slice(0, 16)

test('a special is invisible until approved, then on /whats-on until it ends', async ({
  page,
  portal,
  browser,
}) => {
  const title = `Half-price rolls ${Date.now()}`
  portal.onCleanup(() => portal.serviceRest('DELETE', `whats_on_items?title=eq.${encodeURIComponent(title)}`))

  // The tenant submits a special running from an hour ago to two hours from now.
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=whats-on')
  const form = page.getByRole('form', { name: 'New special' })
  await expect(form).toBeVisible({ timeout: 20_000 })
  await form.getByLabel('Title').fill(title)
  await form.getByLabel('Starts (SAST)').fill(sastLocal(Date.now() - 3_600_000))
  await form.getByLabel('Ends (SAST)').fill(sastLocal(Date.now() + 2 * 3_600_000))
  await form.getByLabel('Text').fill('Every roll baked today at half price.')
  await form.getByRole('button', { name: 'Submit for approval' }).click()
  const mine = page.getByTestId('managed-whats-on-item').filter({ hasText: title })
  await expect(mine).toContainText('Awaiting approval')

  // A visitor sees nothing of it: not on the page, not through the API.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  try {
    // The visitor's clock can be moved on later, to see the special end on the open page.
    await visitor.clock.install()
    // Resolves once the page's realtime channel has joined (the server's ok to its join).
    const joined = new Promise<void>((resolve) => {
      visitor.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          const text = String(payload)
          if (
            text.includes('realtime:public-whats_on_items') &&
            text.includes('phx_reply') &&
            text.includes('"ok"')
          )
            resolve()
        }),
      )
    })
    await visitor.goto('/whats-on')
    await expect(visitor.getByRole('heading', { level: 2, name: 'Specials in our stores' })).toBeVisible()
    await expect(visitor.getByText('Two cappuccinos for R50')).toBeVisible()
    await expect(visitor.getByText(title)).toHaveCount(0)
    const hidden = await visitor.request.get(
      `/rest/v1/whats_on_items?select=id&title=eq.${encodeURIComponent(title)}`,
      { headers: { apikey: await anon(visitor) } },
    )
    expect(await hidden.json()).toEqual([])
    await joined

    // The admin approves it in the back office.
    await portal.signInAs('admin')
    await page.goto('/admin/whats-on')
    const row = page.getByTestId('managed-whats-on-item').filter({ hasText: title })
    await expect(row).toBeVisible({ timeout: 20_000 })
    await row.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByTestId('managed-whats-on-item').filter({ hasText: title })).toHaveCount(0)

    // The visitor's open page shows it without a reload, and it has its own page.
    const card = visitor.getByTestId('whats-on-item').filter({ hasText: title })
    await expect(card).toBeVisible({ timeout: 15_000 })
    await expect(card).toContainText('Fresh Basket Market')

    // Three hours later the special has ended: it leaves the open page by itself...
    await visitor.clock.fastForward('03:00:00')
    await expect(card).toHaveCount(0)
    // ...and the database no longer lets anyone read it once its end has passed (its end moved
    // into the past: the database's clock cannot be moved from here).
    const [item] = (await portal.serviceRest(
      'GET',
      `whats_on_items?select=id&title=eq.${encodeURIComponent(title)}`,
    )) as { id: string }[]
    await portal.serviceRest('PATCH', `whats_on_items?id=eq.${item.id}`, {
      starts_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    })
    // The gateway renders from rows at most a second old (decision 016): bounded poll, not a sleep.
    await expect
      .poll(async () => (await visitor.request.get(`/whats-on/${item.id}`)).status(), { timeout: 10_000 })
      .toBe(404)
    await visitor.goto('/whats-on')
    await expect(visitor.getByText('Two cappuccinos for R50')).toBeVisible()
    await expect(visitor.getByText(title)).toHaveCount(0)
  } finally {
    await visitorContext.close()
  }
})

async function anon(page: import('@playwright/test').Page): Promise<string> {
  return page.evaluate(() => {
    const config = document.getElementById('app-config')?.textContent ?? '{}'
    return String(JSON.parse(config).anonKey)
  })
}

test('an event has its own page with Event JSON-LD and a calendar file', async ({ page }) => {
  const response = await page.goto(`/whats-on/${FARMERS_MARKET}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("Saturday Farmers' Market")
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(ld.map((t) => JSON.parse(t))).toContainEqual(
    expect.objectContaining({ '@type': 'Event', name: "Saturday Farmers' Market" }),
  )
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click()
  const file = await (await download).path()
  const ics = await readFile(file, 'utf8')
  expect(ics).toContain('BEGIN:VEVENT')
  expect(ics).toContain("SUMMARY:Saturday Farmers' Market")
})

test('a special has its own page with Offer JSON-LD; both are in the sitemap and on home', async ({
  page,
  request,
}) => {
  await page.goto(`/whats-on/${CAPPUCCINO_SPECIAL}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two cappuccinos for R50')
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents()
  expect(ld.map((t) => JSON.parse(t))).toContainEqual(
    expect.objectContaining({ '@type': 'Offer', name: 'Two cappuccinos for R50' }),
  )
  await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveCount(0)

  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/whats-on</loc>')
  expect(sitemap).toContain(`/whats-on/${FARMERS_MARKET}</loc>`)
  expect(sitemap).toContain(`/whats-on/${CAPPUCCINO_SPECIAL}</loc>`)
  // The ended event and the special awaiting approval are in neither.
  expect(sitemap).not.toContain('9e000000-0000-4000-8000-000000000003')
  expect(sitemap).not.toContain('9e000000-0000-4000-8000-000000000004')

  await page.goto('/')
  const section = page.getByRole('region', { name: 'Events and specials' })
  await expect(section.getByTestId('whats-on-item')).toHaveCount(2)
  await expect(section.getByRole('link', { name: "See everything that's on" })).toHaveAttribute(
    'href',
    '/whats-on',
  )
})
