import AxeBuilder from '@axe-core/playwright'
import { anonKey, serviceRoleKey } from '../support/backend'
import { expect, test } from '../support/fixtures'

/** The audit trail (issue 13, item 9): admin writes appear in it, and it cannot be edited. */

test('an admin write appears in the audit trail with before and after, and the trail cannot be edited', async ({
  page,
  portal,
  request,
}) => {
  const session = await portal.signInAs('admin')
  const anon = anonKey()
  const asAdmin = { apikey: anon, authorization: `Bearer ${session.access_token}` }
  const unit = `AUD-${Date.now().toString(36).toUpperCase()}`
  const created = await request.post('/rest/v1/vacant_shops', {
    headers: { ...asAdmin, prefer: 'return=representation' },
    data: { unit_number: unit, size_m2: 40, description: 'Audit story' },
  })
  expect(created.status()).toBe(201)
  const [{ id }] = (await created.json()) as { id: string }[]
  portal.onCleanup(() => portal.serviceRest('DELETE', `vacant_shops?id=eq.${id}`))
  const changed = await request.patch(`/rest/v1/vacant_shops?id=eq.${id}`, {
    headers: asAdmin,
    data: { size_m2: 64 },
  })
  expect(changed.ok()).toBe(true)

  await page.goto(`/admin/audit?q=${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible()
  const rows = page.getByRole('region', { name: 'Audit entries' }).getByRole('row')
  // The header row, the change (newest first), then the creation.
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1)).toContainText('Changed')
  await expect(rows.nth(1)).toContainText('admin@genesis-centre.test')
  await expect(rows.nth(1)).toContainText('size_m2')
  await expect(rows.nth(2)).toContainText('Created')
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible()
  await rows.nth(1).getByRole('button', { name: /View/ }).click()
  const details = page.getByRole('dialog', { name: `Changed: ${unit}` })
  await expect(details.getByRole('row', { name: /size_m2/ })).toContainText('40')
  await expect(details.getByRole('row', { name: /size_m2/ })).toContainText('64')
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
  await page.screenshot({ path: 'test-results/admin-audit-details.png' })
  await page.keyboard.press('Escape')
  await page.goto('/admin/audit')
  await page.screenshot({ path: 'test-results/admin-audit-1280.png' })
  await page.goto(`/admin/audit?q=${id}`)

  // The URL keeps the filters: a reload shows the same entries.
  await page.reload()
  await expect(rows).toHaveCount(3)

  // Nobody edits or removes the trail: not the admin, not the service role.
  const key = serviceRoleKey()
  for (const headers of [asAdmin, { apikey: key, authorization: `Bearer ${key}` }]) {
    const patch = await request.patch(`/rest/v1/audit_log?record_id=eq.${id}`, {
      headers,
      data: { actor_email: 'someone-else@example.com' },
    })
    expect(patch.status()).toBe(403)
    const remove = await request.delete(`/rest/v1/audit_log?record_id=eq.${id}`, { headers })
    expect(remove.status()).toBe(403)
  }
  await page.reload()
  await expect(rows).toHaveCount(3)
  await expect(page.getByText('someone-else@example.com')).toHaveCount(0)
})

test('the audit trail at 360 wide, and its empty state', async ({ page, portal }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await portal.signInAs('admin')
  await page.goto('/admin/audit?q=no-such-record-anywhere')
  await expect(page.getByText('No entries match these filters.')).toBeVisible()
  await page.screenshot({ path: 'test-results/admin-audit-360.png', fullPage: true })
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze()
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([])
})
