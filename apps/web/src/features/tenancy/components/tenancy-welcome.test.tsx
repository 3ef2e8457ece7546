import '../../../testing/setup'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Tenancy } from '../api/get-my-tenancy'
import { readTenancySummary, summaryOf } from '../api/tenancy-summary'
import { TenancyWelcome } from './tenancy-welcome'

const USER = '7e000000-0000-4000-8000-0000000000a1'
const tenancy: Tenancy = {
  id: '7e000000-0000-4000-8000-00000000000a',
  company_name: 'Fresh Fields Trading (Pty) Ltd',
  contact_name: 'Thandi Mokoena',
  email: 'tenant.a@genesis-centre.test',
  phone: null,
  lease_start: '2025-01-01',
  lease_end: '2027-12-31',
  monthly_rental: 18500,
  deposit: 37000,
  escalation_percent: 7,
  notice_period_months: 3,
  status: 'active',
  shop: {
    id: 's1',
    shop_no: 'G01',
    trading_name: 'Fresh Fields Grocer',
    floor: 'Ground',
    category: 'Grocery',
  },
}
const noop = () => {}

afterEach(() => localStorage.clear())

describe('the dashboard heading on a return visit', () => {
  it('draws the company and shop remembered from the last visit while the record loads again', () => {
    localStorage.setItem('tenant_data', JSON.stringify(summaryOf(USER, tenancy)))
    render(
      <TenancyWelcome
        tenancy={undefined}
        remembered={readTenancySummary(USER)}
        isPending
        error={null}
        onRetry={noop}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Fresh Fields Trading (Pty) Ltd' })).toBeVisible()
    expect(screen.getByText('Shop G01')).toBeVisible()
    expect(document.querySelector('[aria-busy="true"]')).toBeNull()
  })

  it('shows the loading block when nothing is remembered, or what is stored belongs to someone else', () => {
    localStorage.setItem('tenant_data', JSON.stringify(summaryOf('someone-else', tenancy)))
    expect(readTenancySummary(USER)).toBeUndefined()
    render(
      <TenancyWelcome tenancy={undefined} remembered={undefined} isPending error={null} onRetry={noop} />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Tenant Dashboard' })).toBeInTheDocument()
    expect(screen.queryByText('Fresh Fields Trading (Pty) Ltd')).toBeNull()
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull()
  })

  it('ignores a stored summary it cannot read (an older build wrote only the company name)', () => {
    localStorage.setItem('tenant_data', JSON.stringify({ companyName: 'X', shopNo: 'G01' }))
    expect(readTenancySummary(USER)).toBeUndefined()
    localStorage.setItem('tenant_data', '{not json')
    expect(readTenancySummary(USER)).toBeUndefined()
    expect(readTenancySummary(undefined)).toBeUndefined()
  })

  it('shows the loaded record, not the remembered one, once it is in', () => {
    const renamed = { ...tenancy, company_name: 'Fresh Fields Holdings' }
    render(
      <TenancyWelcome
        tenancy={renamed}
        remembered={summaryOf(USER, tenancy)}
        isPending={false}
        error={null}
        onRetry={noop}
      />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Fresh Fields Holdings' })).toBeVisible()
  })
})
