import { addDays, openStatus, sastClock, weekdayIndex } from '@genesis/contracts/open-now'
import { southAfricanPublicHolidays } from '@genesis/contracts/public-holidays'
import { expect, type Page } from '@playwright/test'
import { anonKey } from '../support/backend'
import { test } from '../support/fixtures'

/**
 * Issue 18, item 1: open now / closes at, always in South African time. The visitor's browser is
 * in Los Angeles (UTC-8), where the chosen instant, 08:30 on a Tuesday in Johannesburg, is still
 * Monday evening 22:30; the page must answer for Johannesburg.
 */

/** The next Tuesday at least two days away that is no public holiday, as YYYY-MM-DD (SAST). */
function nextPlainTuesday(): string {
  const today = sastClock(Date.now()).date
  const holidays = new Set(
    [0, 1].flatMap((n) =>
      southAfricanPublicHolidays(Number(today.slice(0, 4)) + n).map((h) => h.holiday_date),
    ),
  )
  let day = addDays(today, 2)
  while (weekdayIndex(day) !== 1 || holidays.has(day)) day = addDays(day, 1)
  return day
}

const TUESDAY = nextPlainTuesday()
const AT_0830_SAST = new Date(`${TUESDAY}T08:30:00+02:00`)

test.use({ timezoneId: 'America/Los_Angeles' })

async function visitAt(page: Page, path: string) {
  await page.clock.setFixedTime(AT_0830_SAST)
  await page.goto(path)
  await expect(page.locator('[inert]')).toHaveCount(0)
}

test('a visitor abroad sees a store’s status in South African time on its page', async ({ page }) => {
  await visitAt(page, '/stores/threadline-fashion')
  // The browser's own clock says Monday 22:30.
  expect(await page.evaluate(() => new Date().getDay())).toBe(1)
  // Threadline opens at 09:00 on Tuesdays.
  await expect(page.locator('main [data-open-status]')).toHaveText('Closed · opens 09:00')
  await page.goto('/stores/fresh-basket-market')
  // Fresh Basket opened at 07:00 and trades until 20:00.
  await expect(page.locator('main [data-open-status]')).toHaveText('Open now · until 20:00')
})

test('the directory’s "Open now" filter keeps only the stores trading in Johannesburg now', async ({
  page,
}) => {
  await visitAt(page, '/stores')
  const cards = page.getByRole('list', { name: 'Stores' }).getByRole('listitem')
  await expect(cards.filter({ hasText: 'Threadline Fashion' }).locator('[data-open-status]')).toHaveText(
    'Closed · opens 09:00',
  )
  const total = await cards.count()
  await page.getByLabel('Open now').check()
  await expect(page).toHaveURL(/open=now/)
  await expect(cards.filter({ hasText: 'Threadline Fashion' })).toHaveCount(0)
  await expect(cards.filter({ hasText: 'Fresh Basket Market' })).toHaveCount(1)
  const open = await cards.count()
  expect(open).toBeGreaterThan(0)
  expect(open).toBeLessThan(total)
  // Every store left says it is open.
  await expect(cards.locator('[data-open-status="closed"]')).toHaveCount(0)
  await expect(cards.locator('[data-open-status="open"]')).toHaveCount(open)
  await expect(page.getByText(`Showing ${open} of ${total} stores`)).toBeVisible()
})

test('a store’s own exception (closed for stocktake) shows on its page with its reason', async ({
  page,
  portal,
}) => {
  const [shop] = (await portal.serviceRest('GET', 'shops?shop_no=eq.G03&select=id')) as { id: string }[]
  const [row] = (await portal.serviceRest('POST', 'shop_trading_exceptions', {
    shop_id: shop.id,
    exception_date: TUESDAY,
    closed: true,
    reason: 'Closed for stocktake',
  })) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `shop_trading_exceptions?id=eq.${row.id}`))
  await visitAt(page, '/stores/threadline-fashion')
  const header = page.locator('main article > div').first()
  await expect(header.locator('[data-open-status]')).toHaveText('Closed · opens Wed 09:00')
  await expect(header).toContainText('Closed for stocktake')
})

test('the served HTML already carries the status, in South African time', async ({ request }) => {
  const [shop] = (await (
    await request.get('/rest/v1/shops?shop_no=eq.G01&select=trading_hours', {
      headers: { apikey: anonKey() },
    })
  ).json()) as { trading_hours: Record<string, string> }[]
  const before = Date.now()
  const html = await (await request.get('/stores/fresh-basket-market')).text()
  const after = Date.now()
  // Labels at the start and end of the request (a minute may turn meanwhile); holidays as seeded.
  const year = Number(sastClock(before).date.slice(0, 4))
  const holidays = [...southAfricanPublicHolidays(year), ...southAfricanPublicHolidays(year + 1)]
  const labels = [before, after].map((t) => openStatus({ hours: shop.trading_hours, holidays }, t).label)
  expect(labels.some((label) => label !== null && html.includes(`</span>${label}</span>`))).toBe(true)
})
