import type { Page } from '@playwright/test'
import { uniqueEmail } from '../support/backend'
import { expect, TENANTS, test } from '../support/fixtures'

/**
 * The attack suite's back-office half (issue 11): markup that a visitor (an enquiry), a tenant (a
 * maintenance request, their listing) or another admin (a shop, a tenant record, a notice) wrote
 * is shown as text on every admin screen that shows it (and what the admin wrote, on the tenant's
 * dashboard), and nothing in it runs: no dialog opens,
 * no handler fires, no element of the payload reaches the page.
 */
const mark = Date.now().toString(36)
const PAYLOAD = `<img src=x onerror="alert('xss-img');window.__xss=1"><script>alert('xss-script');window.__xss=2</script><svg onload="alert('xss-svg');window.__xss=3">`

/** Opens `path` and checks that `texts` are shown literally and nothing of the payload ran. */
async function expectShownAsText(page: Page, path: string, texts: string[], dialogs: string[]) {
  await page.goto(path)
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first(), path).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined()
  expect(await page.locator('img[src="x"], svg[onload], main script').count(), path).toBe(0)
  expect(dialogs, path).toEqual([])
}

test('markup in shops, tenants, enquiries, notices and maintenance requests is text on every admin screen', async ({
  page,
  portal,
}) => {
  test.setTimeout(120_000)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })

  const shopName = `XSS Shop ${mark} ${PAYLOAD}`
  const [shop] = (await portal.serviceRest('POST', 'shops', {
    shop_no: `X${mark}`.slice(0, 10),
    trading_name: shopName.slice(0, 120),
    category: 'Food & Beverage',
    floor: 'Ground',
  })) as { id: string; trading_name: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `shops?id=eq.${shop.id}`))

  const company = `XSS Company ${mark} ${PAYLOAD}`
  const [tenant] = (await portal.serviceRest('POST', 'tenants', {
    company_name: company,
    contact_name: `Contact ${PAYLOAD}`,
    email: uniqueEmail('xss-tenant'),
  })) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `tenants?id=eq.${tenant.id}`))

  const enquirer = `XSS Visitor ${mark} ${PAYLOAD}`
  const enquiryEmail = uniqueEmail('xss-enquiry')
  await portal.serviceRest('POST', 'enquiries', {
    kind: 'contact',
    enquiry_type: 'general',
    name: enquirer,
    email: enquiryEmail,
    message: `Question ${PAYLOAD}`,
  })
  portal.onCleanup(() =>
    portal.serviceRest('DELETE', `enquiries?email=eq.${encodeURIComponent(enquiryEmail)}`),
  )

  const noticeTitle = `XSS Notice ${mark} ${PAYLOAD}`.slice(0, 200)
  const [notice] = (await portal.serviceRest('POST', 'notices', {
    title: noticeTitle,
    body: `Body ${PAYLOAD}`,
  })) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `notices?id=eq.${notice.id}`))

  const request = `XSS leak ${mark} ${PAYLOAD}`
  const [maintenance] = (await portal.serviceRest('POST', 'maintenance_requests', {
    tenant_id: TENANTS.tenantA.id,
    category: 'plumbing',
    description: request,
  })) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `maintenance_requests?id=eq.${maintenance.id}`))

  await portal.signInAs('admin')
  await expectShownAsText(
    page,
    `/admin/shops?q=${encodeURIComponent(`XSS Shop ${mark}`)}`,
    [shop.trading_name],
    dialogs,
  )
  await expectShownAsText(page, `/admin/shops/edit/${shop.id}`, [], dialogs)
  await expect(page.getByLabel('Trading name')).toHaveValue(shop.trading_name)
  await expectShownAsText(
    page,
    `/admin/tenants?q=${encodeURIComponent(`XSS Company ${mark}`)}`,
    [company],
    dialogs,
  )
  await expectShownAsText(page, '/admin/enquiries', [enquirer, `Question ${PAYLOAD}`], dialogs)
  await expectShownAsText(page, '/admin/notices', [noticeTitle], dialogs)
  await expectShownAsText(page, '/admin/maintenance', [request], dialogs)
  await expectShownAsText(page, '/admin/dashboard', [], dialogs)
  await expectShownAsText(page, '/admin/audit', [], dialogs)

  // What the admin wrote, as the tenant reads it: the notice, and the note on their request.
  const note = `Plumber booked ${mark} ${PAYLOAD}`
  await portal.serviceRest('PATCH', `maintenance_requests?id=eq.${maintenance.id}`, {
    status: 'scheduled',
    status_note: note,
  })
  await portal.signInAs('tenantA')
  await expectShownAsText(page, '/tenant/dashboard', [noticeTitle], dialogs)
  await expectShownAsText(page, '/tenant/dashboard?tab=maintenance', [request, note], dialogs)
})
