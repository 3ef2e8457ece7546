import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'

/**
 * The privacy notice (issue 20, item 1; POPIA s18): the /privacy page from the centre's settings,
 * linked from the footer and beside the submit button of every form that collects personal
 * information, at 360 and 1280 wide.
 */

/** The link sits in the form, within a short reach of its submit button. */
async function expectBesideSubmit(form: Locator, submit: string) {
  const link = form.getByRole('link', { name: 'Privacy Notice' })
  await expect(link).toBeVisible()
  const a = await link.boundingBox()
  const b = await form.getByRole('button', { name: submit }).boundingBox()
  if (!a || !b) throw new Error('no layout for the link or the button')
  const gapY = Math.max(0, a.y - (b.y + b.height), b.y - (a.y + a.height))
  const gapX = Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width))
  // (The newsletter's consent wording may sit between them.)
  expect(gapY, `${submit}: vertical gap to the link`).toBeLessThanOrEqual(120)
  expect(gapX, `${submit}: horizontal gap to the link`).toBeLessThanOrEqual(400)
}

const FORMS: { page: string; open?: (page: Page) => Promise<Locator>; form: string; submit: string }[] = [
  { page: '/contact', form: 'Send us a message', submit: 'Send Message' },
  { page: '/leasing', form: 'Leasing enquiry', submit: 'Submit Enquiry' },
  { page: '/', form: 'Newsletter signup', submit: 'Subscribe' },
  {
    page: '/leasing',
    form: 'Enquire about Unit UG10',
    submit: 'Send Enquiry',
    open: async (page) => {
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Unit UG10' }) })
      await card.getByRole('button', { name: 'Enquire Now' }).click()
      return page.getByRole('dialog', { name: 'Enquire about Unit UG10' })
    },
  },
]

for (const width of [360, 1280]) {
  test(`the privacy notice link sits beside every form's submit button at ${width} wide`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    for (const f of FORMS) {
      await page.goto(f.page)
      const form = f.open ? await f.open(page) : page.getByRole('form', { name: f.form })
      // The prerendered markup is replaced when the app starts: measure once it has settled.
      await expect(async () => {
        await form.getByRole('button', { name: f.submit }).scrollIntoViewIfNeeded({ timeout: 1000 })
        await expectBesideSubmit(form, f.submit)
      }).toPass({ timeout: 10_000 })
      if (width === 360 && f.open)
        await page.screenshot({ path: 'test-results/privacy-link-unit-dialog-360.png' })
    }
    await page.goto('/contact')
    await expect(async () => {
      await page
        .getByRole('form', { name: 'Send us a message' })
        .getByRole('button', { name: 'Send Message' })
        .scrollIntoViewIfNeeded({ timeout: 1000 })
    }).toPass({ timeout: 10_000 })
    await page.screenshot({ path: `test-results/privacy-link-contact-${width}.png` })
  })

  test(`the privacy notice page at ${width} wide, reached from the footer`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/about')
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Notice' }).click()
    await expect(page).toHaveURL(/\/privacy$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible()
    await expect(page.getByText('The responsible party is Genesis Centre (Pty) Ltd')).toBeVisible()
    await expect(page.getByText('Our Information Officer is Thabo Nkosi, Centre Manager')).toBeVisible()
    await expect(page.getByRole('link', { name: 'privacy@genesis-centre.test' }).first()).toBeVisible()
    // The retention defaults the gateway applies.
    await expect(page.getByText('2 years after you write, then deleted.').first()).toBeVisible()
    await expect(
      page.getByText('Events 6 months, errors 3 months; copies of e-mails we send 30 days.'),
    ).toBeVisible()
    await expect(page.getByText(/a sign-up you never confirm is deleted after 30 days/)).toBeVisible()
    await expect(page.getByText(/We do not sell or rent personal information/)).toBeVisible()
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
    await page.screenshot({ path: `test-results/privacy-notice-${width}.png`, fullPage: true })
  })
}

test('the privacy notice is served prerendered, like the other public pages', async ({ request }) => {
  const res = await request.get('/privacy')
  expect(res.status()).toBe(200)
  const html = await res.text()
  expect(html).toContain('Privacy Notice')
  expect(html).toContain('What we collect, why, and for how long')
})
