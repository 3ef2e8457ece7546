import { expect, type Portal, test } from '../support/fixtures'

/**
 * Issue 18, item 3: WhatsApp click-to-chat. Every link goes to wa.me with the number normalised
 * (27…) and a greeting that names the page; a tenant gives their store's number in their listing,
 * checked as a South African mobile number.
 */

const greetingFor = (page: string) =>
  `?text=${encodeURIComponent(`Hello! I'm contacting you from the Genesis Centre website (${page}).`)}`

test('a store page links to the store’s WhatsApp with a greeting naming the page', async ({ page }) => {
  await page.goto('/stores/bean-theory-coffee')
  const link = page.getByRole('link', { name: /Chat on WhatsApp: 083 555 0122/ })
  await expect(link).toHaveAttribute(
    'href',
    `https://wa.me/27835550122${greetingFor('Bean Theory Coffee page')}`,
  )
  await expect(link).toHaveAttribute('target', '_blank')
  // A store without a number has no link.
  await page.goto('/stores/threadline-fashion')
  await expect(page.locator('main h1')).toHaveText('Threadline Fashion')
  await expect(page.locator('a[href^="https://wa.me/"]')).toHaveCount(0)
})

test('centre management and leasing are one tap away on WhatsApp', async ({ page }) => {
  await page.goto('/contact')
  await expect(page.getByRole('link', { name: /Chat with centre management on WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/27825550100${greetingFor('Contact page')}`,
  )
  await expect(page.getByRole('link', { name: /Chat with our leasing team on WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/27825550101${greetingFor('Contact page')}`,
  )
  await page.goto('/leasing')
  await expect(page.getByRole('link', { name: /Or chat with our leasing team on WhatsApp/ })).toHaveAttribute(
    'href',
    `https://wa.me/27825550101${greetingFor('Leasing page')}`,
  )
})

async function restoreWhatsapp(portal: Portal) {
  const [row] = (await portal.serviceRest('GET', 'shops?shop_no=eq.G01&select=id,whatsapp')) as {
    id: string
    whatsapp: string | null
  }[]
  portal.onCleanup(() => portal.serviceRest('PATCH', `shops?id=eq.${row.id}`, { whatsapp: row.whatsapp }))
}

test('a tenant gives their WhatsApp number: a landline is refused, a mobile is stored and linked', async ({
  page,
  portal,
}) => {
  test.setTimeout(60_000)
  await restoreWhatsapp(portal)
  await portal.signInAs('tenantA')
  await page.goto('/tenant/dashboard?tab=listing')
  const form = page.getByRole('form', { name: "Your shop's public listing" })
  const number = form.getByRole('textbox', { name: 'WhatsApp number' })
  await expect(number).toBeVisible({ timeout: 20_000 })
  await expect(number).toHaveValue('082 555 0111')
  await number.fill('011 274 5300')
  await form.getByRole('button', { name: 'Save listing' }).click()
  await expect(
    form.getByText('Enter a South African mobile number, such as 082 123 4567 or +27 82 123 4567'),
  ).toBeVisible()
  await number.fill('+27 72 555 0199')
  await form.getByRole('button', { name: 'Save listing' }).click()
  await expect(page.getByText('Listing saved')).toBeVisible()
  const [row] = (await portal.serviceRest('GET', 'shops?shop_no=eq.G01&select=whatsapp')) as {
    whatsapp: string
  }[]
  expect(row.whatsapp).toBe('27725550199')
  await page.goto('/stores/fresh-basket-market')
  await expect(page.getByRole('link', { name: /Chat on WhatsApp: 072 555 0199/ })).toHaveAttribute(
    'href',
    `https://wa.me/27725550199${greetingFor('Fresh Basket Market page')}`,
  )
})
