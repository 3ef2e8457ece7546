import { expect, type Page, test } from '@playwright/test'

/**
 * Public pages carry the app's stylesheet without the rules only the tenant portal and the back
 * office use (decision 049); their `<style data-full>` names the whole stylesheet, which the
 * portal's and the back office's routes load before they draw. These stories check both halves
 * in the browser: every class an element of a public page carries (served, after the app has
 * started, and with its menus and dialogs open) that the whole stylesheet has a rule for, the
 * page's own stylesheet has one for too; and going on from a public page to the portal's sign-in,
 * the whole stylesheet is in place before the first frame of the sign-in screen.
 */

/** Classes on the page's elements that have a rule in the whole stylesheet but in none of the page's sheets. */
async function classesWithoutRule(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const classesIn = (css: string) =>
      new Set([...css.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1].replace(/\\(.)/g, '$1')))
    const full = document.querySelector<HTMLStyleElement>('style[data-full]')?.dataset.full
    if (!full) throw new Error('this page carries the whole stylesheet (no data-full)')
    const wholeSheet = classesIn(await (await fetch(full)).text())
    const pageSheets = classesIn(
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
        .join('\n'),
    )
    const missing = new Set<string>()
    for (const element of document.querySelectorAll('*'))
      for (const name of element.classList)
        if (wholeSheet.has(name) && !pageSheets.has(name)) missing.add(name)
    return [...missing]
  })
}

const PAGES = [
  '/',
  '/about',
  '/stores',
  '/stores?category=Electronics',
  '/stores/fresh-basket-market',
  '/leasing',
  '/contact',
  '/privacy',
  '/whats-on',
  '/no-such-page',
]

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 360, height: 740 }],
] as const) {
  test.describe(`at ${viewport.width} wide`, () => {
    test.use({ viewport })

    test(`every class a public page draws has its rule in the page's stylesheet (${name})`, async ({
      page,
    }) => {
      test.setTimeout(120_000)
      for (const path of PAGES) {
        // As served, before any script has run.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
        await page.goto(path)
        expect(await classesWithoutRule(page), `${path} as served`).toEqual([])
        await page.unroute(/\/assets\/.*\.js$/)
        // Once the app has taken the page over.
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        expect(await classesWithoutRule(page), `${path} with the app`).toEqual([])
      }
    })
  })
}

test.describe('with menus and dialogs open', () => {
  test.use({ viewport: { width: 360, height: 740 } })

  test('the phone menu, the directory filters and the unit enquiry dialog have their rules', async ({
    page,
  }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await classesWithoutRule(page), 'menu').toEqual([])

    await page.goto('/stores')
    await page.getByRole('button', { name: /^Filters/ }).click()
    await expect(page.getByLabel('Category')).toBeVisible()
    expect(await classesWithoutRule(page), 'filters').toEqual([])

    await page.goto('/leasing')
    await page.getByRole('button', { name: 'Enquire Now' }).first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    expect(await classesWithoutRule(page), 'enquiry dialog').toEqual([])
  })
})

test('going on to the tenant sign-in, the whole stylesheet is in place before its first frame', async ({
  page,
}) => {
  // A slow stylesheet: a screen drawn before it had arrived would be caught without it.
  await page.route(/\/assets\/style-.*\.css$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800))
    await route.continue()
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  const full = await page.locator('style[data-full]').getAttribute('data-full')
  expect(full).toMatch(/^\/assets\/style-.*\.css$/)
  // Records, the moment the sign-in heading is first in the document, whether the whole stylesheet was applied.
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const heading = [...document.querySelectorAll('h1')].find((h) => /Sign in/.test(h.textContent ?? ''))
      if (!heading) return
      const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')
      Reflect.set(window, 'sheetAtFirstFrame', link?.sheet ? link.getAttribute('href') : 'none')
      observer.disconnect()
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })
  await page.getByRole('link', { name: 'Tenant Portal' }).first().click()
  await expect(page.getByRole('heading', { name: 'Sign in to the Tenant Portal' })).toBeVisible()
  expect(await page.evaluate(() => Reflect.get(window, 'sheetAtFirstFrame'))).toBe(full)
  // Nothing on the sign-in screen lacks its rule.
  expect(await classesWithoutRule(page)).toEqual([])
  // Back to a public page: still one copy of the whole stylesheet.
  await page.goBack()
  await expect(page.locator(`link[href="${full}"]`)).toHaveCount(1)
})
