import type { Page } from '@playwright/test'
import { anonKey } from '../support/backend'
import { expect, type Portal, test } from '../support/fixtures'

/**
 * Issue 12, the tenant's own listing: edits reach the public store page at once; a field a tenant
 * may not change is refused by the database with its message; an edit made meanwhile by the
 * centre management is detected and shown instead of being overwritten.
 */

type ShopRow = {
  id: string
  description: string
  primary_phone: string | null
  website: string | null
  email: string | null
  trading_hours: Record<string, string>
  logo_path: string | null
}

async function shopG01(portal: Portal): Promise<ShopRow> {
  const [row] = (await portal.serviceRest(
    'GET',
    'shops?shop_no=eq.G01&select=id,description,primary_phone,website,email,trading_hours,logo_path',
  )) as ShopRow[]
  return row
}

/** Puts the seeded listing back after the story, whatever it changed. */
async function restoreAfter(portal: Portal) {
  const original = await shopG01(portal)
  const { id, ...fields } = original
  portal.onCleanup(() => portal.serviceRest('PATCH', `shops?id=eq.${id}`, fields))
  return original
}

/** Opens the listing tab and waits for its form (the tab loads its own code, then the shop). */
async function openListing(page: Page) {
  await page.goto('/tenant/dashboard?tab=listing')
  const form = page.getByRole('form', { name: "Your shop's public listing" })
  // Bounded wait for the first load of the portal, the tab's code and the shop on a busy machine.
  await expect(form.getByRole('textbox', { name: 'Monday' })).toBeVisible({ timeout: 20_000 })
  return form
}

test('a tenant edits their trading hours and sees them on the public store page', async ({
  page,
  portal,
}) => {
  await restoreAfter(portal)
  await portal.signInAs('tenantA')
  const form = await openListing(page)
  await expect(form.getByRole('textbox', { name: 'Monday' })).toHaveValue(/\d\d:\d\d/)
  await form.getByRole('textbox', { name: 'Monday' }).fill('07:30 - 19:00')
  // The seeded shop trades on Sundays: it closes them now.
  await form.getByRole('switch', { name: 'Sunday closed' }).click()
  await expect(form.getByRole('textbox', { name: 'Sunday' })).toBeDisabled()
  await form.getByLabel('Description').fill('Fresh produce, an in-store bakery and a new Sunday market.')
  // The preview follows the form before anything is saved.
  const preview = page.getByRole('region', { name: 'Preview of your store card' })
  await expect(preview).toContainText('Mon: 07:30 - 19:00')
  await expect(preview).toContainText('a new Sunday market')
  await form.getByRole('button', { name: 'Save listing' }).click()
  await expect(page.getByText('Listing saved')).toBeVisible()

  await page.goto('/stores/fresh-basket-market')
  await expect(page.getByText('Fresh produce, an in-store bakery and a new Sunday market.')).toBeVisible()
  const day = (label: string) =>
    page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) })
  await expect(day('Mon')).toContainText('07:30 - 19:00')
  await expect(day('Sun')).toContainText('Closed')
})

test('a field a tenant may not change is refused by the database, with its message', async ({
  page,
  portal,
}) => {
  await restoreAfter(portal)
  const session = await portal.signInAs('tenantA')
  const res = await page.request.patch(`/rest/v1/shops?shop_no=eq.G01`, {
    headers: {
      apikey: anonKey(),
      authorization: `Bearer ${session.access_token}`,
      'content-type': 'application/json',
    },
    data: { trading_name: 'Renamed by the tenant', description: 'Sneaky' },
  })
  expect(res.status()).toBe(403)
  const body = (await res.json()) as { message: string; hint: string | null }
  expect(body.message).toBe(
    'Tenants may only change the phone, website, email, description, trading hours and logo of their shop',
  )
  expect(body.hint).toContain('name')
  // The database names the refused column.
  expect((body as { details?: string | null }).details).toContain('trading_name')
  const after = await shopG01(portal)
  expect(after.description).not.toBe('Sneaky')
})

test('an invalid website is refused before sending, with the message under the field, and nothing typed is lost', async ({
  page,
  portal,
}) => {
  await restoreAfter(portal)
  await portal.signInAs('tenantA')
  const form = await openListing(page)
  await form.getByLabel('Website').fill('javascript:alert(1)')
  await form.getByLabel('Description').fill('Kept after the refusal')
  await form.getByRole('button', { name: 'Save listing' }).click()
  await expect(form.getByText('Enter an address starting with http:// or https://')).toBeVisible()
  await expect(form.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Description')).toHaveValue('Kept after the refusal')
  await expect(form.getByLabel('Website')).toHaveValue('javascript:alert(1)')
})

test('an edit made meanwhile by the centre management is shown instead of being overwritten', async ({
  page,
  portal,
}) => {
  const original = await restoreAfter(portal)
  await portal.signInAs('tenantA')
  const form = await openListing(page)
  await expect(form.getByLabel('Description')).toHaveValue(original.description)
  // Management saves a change while the tenant is typing.
  await portal.serviceRest('PATCH', `shops?id=eq.${original.id}`, {
    description: 'Changed by the centre management',
  })
  await form.getByLabel('Description').fill('Changed by the tenant')
  await form.getByRole('button', { name: 'Save listing' }).click()
  const conflict = form
    .getByRole('status')
    .filter({ hasText: 'changed your listing while you were editing it' })
  await expect(conflict).toBeVisible()
  await expect(conflict).toContainText('Changed by the centre management')
  expect((await shopG01(portal)).description).toBe('Changed by the centre management')
  // The tenant's text is still there until they choose.
  await expect(form.getByLabel('Description')).toHaveValue('Changed by the tenant')
  await conflict.getByRole('button', { name: 'Save mine over it' }).click()
  await expect(page.getByText('Listing saved')).toBeVisible()
  expect((await shopG01(portal)).description).toBe('Changed by the tenant')
})
