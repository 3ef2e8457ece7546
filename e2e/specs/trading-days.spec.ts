import AxeBuilder from '@axe-core/playwright'
import { addDays, sastClock, weekdayIndex } from '@genesis/contracts/open-now'
import { southAfricanPublicHolidays } from '@genesis/contracts/public-holidays'
import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'

/**
 * Issue 18, item 1: the days that differ from the usual week. An admin keeps the public holidays
 * (the stores keep their Sunday hours that day); a tenant sets their own store's closures and
 * special hours; a visitor (here in London) sees both on the store page, in South African time.
 */

/** The next Tuesday at least two days away that is no public holiday (SAST date). */
function nextPlainTuesday(from: number): string {
  const today = sastClock(Date.now()).date
  const holidays = new Set(
    [0, 1].flatMap((n) =>
      southAfricanPublicHolidays(Number(today.slice(0, 4)) + n).map((h) => h.holiday_date),
    ),
  )
  let day = addDays(today, from)
  while (weekdayIndex(day) !== 1 || holidays.has(day)) day = addDays(day, 1)
  return day
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

/** A visitor in London opening a store page at 10:00 SAST on `date`. */
async function visitorAt(browser: Browser, date: string, path: string) {
  const context = await browser.newContext({ timezoneId: 'Europe/London' })
  const page = await context.newPage()
  await page.clock.setFixedTime(new Date(`${date}T10:00:00+02:00`))
  await page.goto(path)
  await expect(page.locator('[inert]')).toHaveCount(0)
  return { page, close: () => context.close() }
}

test('an admin adds a declared public holiday; stores keep their Sunday hours that day', async ({
  page,
  portal,
  browser,
}) => {
  test.setTimeout(90_000)
  const date = nextPlainTuesday(9)
  portal.onCleanup(() => portal.serviceRest('DELETE', `public_holidays?holiday_date=eq.${date}`))
  await portal.signInAs('admin')
  await page.goto('/admin/holidays')
  // Bounded wait for the back office's first load (its chunks and the session) on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Public Holidays' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByRole('cell', { name: 'Heritage Day' }).first()).toBeVisible()
  await expectNoSeriousViolations(page)

  await page.getByRole('link', { name: /New public holiday/i }).click()
  await page.getByRole('button', { name: 'Create public holiday' }).click()
  await expect(page.getByText('Choose a date')).toBeVisible()
  await expect(page.getByText('Name the holiday')).toBeVisible()
  await expectNoSeriousViolations(page)
  await page.getByLabel('Date').fill(date)
  await page.getByLabel('Name').fill('Local Government Elections')
  await page.getByRole('button', { name: 'Create public holiday' }).click()
  await expect(page).toHaveURL(/\/admin\/holidays\/edit\/[0-9a-f-]{36}$/)

  // Threadline Fashion trades 10:00 - 14:00 on Sundays.
  const visitor = await visitorAt(browser, date, '/stores/threadline-fashion')
  const header = visitor.page.locator('main article > div').first()
  await expect(header.locator('[data-open-status]')).toHaveText('Open now · until 14:00')
  await expect(header).toContainText('Local Government Elections')
  await visitor.close()
})

test('a tenant closes their store for stocktake on a date; a visitor sees it, then it is removed', async ({
  page,
  portal,
  browser,
}) => {
  test.setTimeout(90_000)
  const date = nextPlainTuesday(2)
  const [shop] = (await portal.serviceRest('GET', 'shops?shop_no=eq.G01&select=id')) as { id: string }[]
  portal.onCleanup(() =>
    portal.serviceRest('DELETE', `shop_trading_exceptions?shop_id=eq.${shop.id}&exception_date=eq.${date}`),
  )
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=listing')
  const form = page.getByRole('form', { name: 'Set a trading day' })
  await expect(form).toBeVisible({ timeout: 20_000 })
  await form.getByRole('button', { name: 'Save trading day' }).click()
  await expect(form.getByText('Choose a date')).toBeVisible()
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Reason (shown to visitors)').fill('Closed for stocktake')
  await form.getByRole('button', { name: 'Save trading day' }).click()
  const days = page.getByRole('list', { name: 'Trading days' })
  await expect(days.getByRole('listitem')).toContainText(['Closed · Closed for stocktake'])
  await expectNoSeriousViolations(page)

  // Fresh Basket Market opens at 07:00 on Wednesdays.
  const visitor = await visitorAt(browser, date, '/stores/fresh-basket-market')
  const header = visitor.page.locator('main article > div').first()
  await expect(header.locator('[data-open-status]')).toHaveText('Closed · opens Wed 07:00')
  await expect(header).toContainText('Closed for stocktake')
  await visitor.close()

  await days
    .getByRole('button', { name: /^Remove / })
    .first()
    .click()
  await expect(page.getByText('No closures or special hours set: the usual week applies.')).toBeVisible()
})

test('special hours past midnight: the tenant sets them, the visitor sees when the store closes', async ({
  page,
  portal,
  browser,
}) => {
  test.setTimeout(90_000)
  const date = nextPlainTuesday(2)
  const [shop] = (await portal.serviceRest('GET', 'shops?shop_no=eq.G01&select=id')) as { id: string }[]
  portal.onCleanup(() =>
    portal.serviceRest('DELETE', `shop_trading_exceptions?shop_id=eq.${shop.id}&exception_date=eq.${date}`),
  )
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=listing')
  const form = page.getByRole('form', { name: 'Set a trading day' })
  await expect(form).toBeVisible({ timeout: 20_000 })
  await form.getByLabel('Date').fill(date)
  await form.getByLabel('Closed all day').uncheck()
  await form.getByLabel('Opens').fill('09:00')
  await form.getByLabel('Closes').fill('01:00')
  await form.getByLabel('Reason (shown to visitors)').fill('Midnight sale')
  await form.getByRole('button', { name: 'Save trading day' }).click()
  await expect(page.getByRole('list', { name: 'Trading days' }).getByRole('listitem')).toContainText([
    '09:00 - 01:00 · Midnight sale',
  ])

  const visitor = await visitorAt(browser, date, '/stores/fresh-basket-market')
  await expect(visitor.page.locator('main article > div').first().locator('[data-open-status]')).toHaveText(
    'Open now · until 01:00',
  )
  await visitor.close()
})
