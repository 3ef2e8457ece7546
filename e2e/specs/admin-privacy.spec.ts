import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { anonKey, serviceRoleKey } from '../support/backend'
import { expect, test } from '../support/fixtures'

/**
 * Data-subject requests (issue 20, items 2 and 3): a person's enquiries, subscription, tenant
 * record and maintenance requests are found by their address, exported with every field, then
 * erased; REST returns none of them, their statement stays with the name anonymised, and the audit
 * trail records the erasure with its reason. The person is created for the story (the demo tenants
 * are shared by other stories).
 */

const service = () => {
  const key = serviceRoleKey()
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' }
}

test('a person is found by address, exported with every field, erased, and their statement stays anonymised', async ({
  page,
  portal,
  request,
}) => {
  test.setTimeout(90_000)
  const tag = Date.now().toString(36)
  const email = `privacy-${tag}@example.test`
  const user = await request.post('/auth/v1/admin/users', {
    headers: service(),
    data: {
      email,
      password: `Story-${tag}-password!`,
      email_confirm: true,
      app_metadata: { role: 'tenant' },
    },
  })
  expect(user.ok(), await user.text()).toBe(true)
  const userId = ((await user.json()) as { id: string }).id
  portal.onCleanup(() => request.delete(`/auth/v1/admin/users/${userId}`, { headers: service() }))
  const [tenant] = (await portal.serviceRest('POST', 'tenants', {
    user_id: userId,
    company_name: `Privacy Story ${tag} (Pty) Ltd`,
    contact_name: 'Thandi Privacy',
    email,
    phone: '083 000 1111',
  })) as { id: string }[]
  portal.onCleanup(async () => {
    await portal.serviceRest('DELETE', `rental_statements?tenant_id=eq.${tenant.id}`)
    await portal.serviceRest('DELETE', `maintenance_requests?tenant_id=eq.${tenant.id}`)
    await portal.serviceRest('DELETE', `tenants?id=eq.${tenant.id}`)
  })
  const [statement] = (await portal.serviceRest('POST', 'rental_statements', {
    tenant_id: tenant.id,
    period: '2026-10-01',
    amount_due: 12500,
    status: 'issued',
  })) as { id: string }[]
  const [maintenance] = (await portal.serviceRest('POST', 'maintenance_requests', {
    tenant_id: tenant.id,
    category: 'plumbing',
    description: 'The storeroom tap drips all night long.',
  })) as { id: string }[]
  const [enquiry] = (await portal.serviceRest('POST', 'enquiries', {
    kind: 'contact',
    name: 'Thandi Privacy',
    email,
    phone: '083 000 1111',
    enquiry_type: 'general',
    message: '=HYPERLINK("http://evil.test","click")',
  })) as Record<string, unknown>[]
  await portal.serviceRest('POST', 'newsletter_subscribers', { email, consent_text: 'Yes, send me news' })

  await page.setViewportSize({ width: 1280, height: 900 })
  const session = await portal.signInAs('admin')
  await page.goto('/admin/privacy')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible()
  // Nothing searched yet: the page says what is searched.
  await expect(page.getByText(/Enquiries, newsletter subscriptions and consent/)).toBeVisible()
  await page.getByLabel('E-mail address or phone number').fill(email.toUpperCase())
  await page.getByRole('button', { name: 'Find' }).click()

  // Six records, and the consent ledger's entries where the newsletter keeps one (issue 14).
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^\\d+ records about ${email}$`) }),
  ).toBeVisible()
  for (const [group, count] of [
    ['Enquiries', 1],
    ['Newsletter subscription and consent', 1],
    ['Tenant contact', 1],
    ['Sign-in account', 1],
    ['Maintenance requests', 1],
    ['Statements', 1],
  ] as const) {
    await expect(page.getByRole('region', { name: `${group} (${count})` })).toBeVisible()
  }
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-privacy-found-1280.png', fullPage: true })

  // JSON: the enquiry with every field as the database holds it.
  const [jsonFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  const exported = JSON.parse(readFileSync(await jsonFile.path(), 'utf8')) as Record<
    string,
    Record<string, unknown>[]
  >
  expect(exported.enquiries).toEqual([enquiry])
  expect(exported.maintenance_requests.map((r) => r.id)).toEqual([maintenance.id])
  expect(exported.tenants[0]).toMatchObject({ id: tenant.id, contact_name: 'Thandi Privacy', email })
  expect(exported.newsletter_subscribers[0]).toMatchObject({ email, consent_text: 'Yes, send me news' })

  // CSV: one line per field, through the shared writer (the message cannot start a formula).
  const [csvFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = readFileSync(await csvFile.path(), 'utf8')
  expect(csv.startsWith('\uFEFFKind,Record,Field,Value\r\n')).toBe(true)
  for (const field of Object.keys(enquiry)) {
    expect(csv, field).toContain(`enquiries,${String(enquiry.id)},${field},`)
  }
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`)

  // Erase, with a reason (required).
  await page.getByRole('button', { name: 'Erase…' }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: 'Erase' }).click()
  await expect(dialog.getByText('Give the reason for the erasure')).toBeVisible()
  await dialog.getByLabel(/Reason/).fill(`Request by e-mail ${tag}`)
  await dialog.getByRole('button', { name: 'Erase' }).click()
  await expect(page.getByText('Erased, with the reason in the audit trail')).toBeVisible()
  // Nothing that was erased is found again (only the newsletter's append-only consent history, where
  // the database keeps one, may remain).
  await expect(page.getByRole('region', { name: /^Enquiries/ })).toHaveCount(0)
  for (const group of ['Tenant contact', 'Sign-in account', 'Maintenance requests', 'Statements']) {
    await expect(page.getByRole('region', { name: new RegExp(`^${group}`) })).toHaveCount(0)
  }
  await page.screenshot({ path: 'test-results/admin-privacy-erased-1280.png', fullPage: true })

  // REST, as the admin: none of it is left; the statement stays with the tenant anonymised.
  const asAdmin = { apikey: anonKey(), authorization: `Bearer ${session.access_token}` }
  const rest = async (path: string) => {
    const res = await request.get(`/rest/v1/${path}`, { headers: asAdmin })
    expect(res.ok(), path).toBe(true)
    return (await res.json()) as Record<string, unknown>[]
  }
  expect(await rest(`enquiries?email=ilike.${email}`)).toEqual([])
  expect(await rest(`newsletter_subscribers?email=ilike.${email}`)).toEqual([])
  expect(await rest(`maintenance_requests?id=eq.${maintenance.id}`)).toEqual([])
  expect(await rest(`tenants?email=ilike.${email}`)).toEqual([])
  const kept = await rest(
    `rental_statements?id=eq.${statement.id}&select=id,amount_due,tenant:tenants(company_name,contact_name,email,phone)`,
  )
  expect(kept).toEqual([
    {
      id: statement.id,
      amount_due: 12500,
      tenant: {
        company_name: `Erased tenant ${tenant.id.slice(0, 8)}`,
        contact_name: 'Erased',
        email: `erased-${tenant.id.slice(0, 8)}@erased.invalid`,
        phone: null,
      },
    },
  ])
  const account = await request.get(`/auth/v1/admin/users/${userId}`, { headers: service() })
  expect(account.status()).toBe(404)
  const trail = await rest(`audit_log?table_name=eq.privacy_erasures&order=id.desc&limit=1`)
  expect(trail[0]).toMatchObject({
    action: 'insert',
    actor_email: 'admin@genesis-centre.test',
    new_data: expect.objectContaining({ reason: `Request by e-mail ${tag}` }),
  })
  expect(JSON.stringify(trail)).not.toContain(email)

  // The same screen at 360 wide.
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto(`/admin/privacy?q=${encodeURIComponent(email)}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible()
  await expect(
    page.getByText(`Nothing is kept about ${email}`).or(page.getByRole('region').first()),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: /^Sign-in account/ })).toHaveCount(0)
  const narrow = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(narrow.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-privacy-360.png', fullPage: true })
})

test('the privacy screen says why a search cannot run, and a tenant cannot reach the functions', async ({
  page,
  portal,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await portal.signInAs('admin')
  await page.goto('/admin/privacy?q=not-an-address')
  await expect(page.getByRole('alert')).toContainText('Enter a valid e-mail address or phone number')
  await page.screenshot({ path: 'test-results/admin-privacy-error-360.png', fullPage: true })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  // An admin's own account is found (and would be kept by an erasure).
  await page.goto('/admin/privacy?q=admin%40genesis-centre.test')
  await expect(page.getByRole('region', { name: 'Sign-in account (1)' })).toBeVisible()
  await page.getByText('admin@genesis-centre.test ·').first().click()
  await expect(page.getByText('is_admin')).toBeVisible()
  await page.screenshot({ path: 'test-results/admin-privacy-found-360.png', fullPage: true })
  const found360 = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(found360.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])

  const tenant = await portal.apiSession('tenantA')
  const asTenant = { apikey: anonKey(), authorization: `Bearer ${tenant.access_token}` }
  const found = await request.post('/rest/v1/rpc/privacy_find_person', {
    headers: asTenant,
    data: { query: 'admin@genesis-centre.test' },
  })
  expect(found.status()).toBe(403)
})
