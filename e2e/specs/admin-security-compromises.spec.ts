import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { anonKey } from '../support/backend'
import { expect, test } from '../support/fixtures'

/**
 * The security compromise register (issue 20, item 5; POPIA s22): an admin records an incident,
 * the two notices are drafted from it, the register is exported, and the notification times are
 * recorded; a tenant can neither read nor write it.
 */
test('an admin records a security compromise, reads the drafted notices, exports the register and records the notifications', async ({
  page,
  portal,
  request,
}) => {
  test.setTimeout(90_000)
  const title = `Stolen laptop ${Date.now().toString(36)}`
  await page.setViewportSize({ width: 1280, height: 900 })
  await portal.signInAs('admin')
  await page.goto('/admin/privacy')
  await page.getByRole('link', { name: 'Security compromises' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Security Compromises' })).toBeVisible()

  await page.getByRole('button', { name: 'Record an incident' }).click()
  const form = page.getByRole('dialog', { name: 'Record an incident' })
  await form.getByRole('button', { name: 'Record incident' }).click()
  await expect(form.getByText('Give the incident a title (at least 3 characters).')).toBeVisible()
  await expect(form.getByText('Enter when it was discovered.')).toBeVisible()
  await form.getByLabel('Title').fill(title)
  await form
    .getByLabel('What happened')
    .fill('A laptop holding the tenant contact list was stolen from a car.')
  await form.getByLabel('When it happened').fill('2026-11-20T08:00')
  await form.getByLabel('When it was discovered').fill('2026-11-21T09:30')
  await form.getByLabel('Personal information affected').fill('Names, e-mail addresses and phone numbers')
  await form.getByLabel('Who is affected').fill('Tenant contacts')
  await form.getByLabel('Possible consequences').fill('=cmd|calc phishing calls')
  await form.getByLabel('Measures taken or intended').fill('The laptop was wiped remotely')
  await form.getByLabel('Number of people affected').fill('42')
  await form.getByRole('button', { name: 'Record incident' }).click()
  await expect(form).toBeHidden()
  // (The toast goes before the accessibility check below: the toast library's colours are not ours.)
  await expect(page.getByText('Incident recorded')).toBeHidden({ timeout: 10_000 })

  const card = page.getByRole('article', { name: title })
  await expect(card).toContainText('Tenant contacts (42)')
  await expect(card).toContainText('Regulator notified')
  await card.getByText('Notice to the Information Regulator', { exact: true }).click()
  await expect(
    card.getByText(`Subject: Notification of a security compromise (section 22, POPIA): ${title}`),
  ).toBeVisible()
  await expect(card.getByText('Approximate number of data subjects affected: 42')).toBeVisible()
  await card.getByText('Notice to the people affected', { exact: true }).click()
  await expect(card.getByText('What we have done: The laptop was wiped remotely')).toBeVisible()
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-security-compromises-1280.png', fullPage: true })

  const [csvFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ])
  const csv = readFileSync(await csvFile.path(), 'utf8')
  expect(csv).toContain(title)
  expect(csv).toContain(`'=cmd|calc phishing calls`)
  const [jsonFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  const register = JSON.parse(readFileSync(await jsonFile.path(), 'utf8')) as Record<string, unknown>[]
  const exported = register.find((r) => r.title === title)
  expect(exported).toMatchObject({ affected_count: 42, people_affected: 'Tenant contacts' })
  expect(String(exported?.notice_to_regulator)).toContain('Tenant contacts')

  // The Regulator is told: the time is recorded.
  await card.getByRole('button', { name: `Edit ${title}` }).click()
  const edit = page.getByRole('dialog', { name: `Edit: ${title}` })
  await edit.getByLabel('Regulator notified').fill('2026-11-22T10:00')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(edit).toBeHidden()
  await expect(page.getByText('Incident updated')).toBeHidden({ timeout: 10_000 })
  await expect(card.getByRole('definition').nth(1)).not.toHaveText('Not yet')

  await page.setViewportSize({ width: 360, height: 780 })
  await expect(card).toBeVisible()
  const narrow = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(narrow.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-security-compromises-360.png', fullPage: true })

  // A tenant neither reads nor records incidents.
  const tenant = await portal.apiSession('tenantA')
  const asTenant = { apikey: anonKey(), authorization: `Bearer ${tenant.access_token}` }
  const read = await request.get(`/rest/v1/security_compromises?title=eq.${encodeURIComponent(title)}`, {
    headers: asTenant,
  })
  expect(await read.json()).toEqual([])
  const write = await request.post('/rest/v1/security_compromises', {
    headers: asTenant,
    data: {
      title: 'Forged',
      description: 'A forged incident entry.',
      discovered_at: new Date().toISOString(),
    },
  })
  expect(write.status()).toBe(403)
})
