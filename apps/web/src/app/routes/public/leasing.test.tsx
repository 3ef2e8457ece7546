import '../../../testing/setup'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeBackend } from '../../../testing/fake-backend'
import { renderRoute } from '../../../testing/render'

describe('the leasing page', () => {
  it('reads vacant shops featured first, newest first, and shows their cards', async () => {
    const fetch = fakeBackend()
    renderRoute('/leasing')
    const featured = await screen.findByRole('heading', { name: 'Unit UG10' })
    const call = fetch.mock.calls
      .map(([u]) => decodeURIComponent(String(u)))
      .find((u) => u.includes('vacant_shops'))
    expect(call).toContain('order=is_featured.desc,created_at.desc')

    const card = featured.closest('li') as HTMLElement
    expect(within(card).getByText('Available Now')).toHaveAttribute('data-variant', 'success')
    expect(within(card).getByText('Featured')).toBeInTheDocument()
    expect(within(card).getByText('R 165.00 /m²')).toBeInTheDocument()
    expect(within(card).getByText('Excluding VAT & operational costs')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Enquire Now' })).toBeInTheDocument()

    const other = screen.getByRole('heading', { name: 'Unit LG08' }).closest('li') as HTMLElement
    expect(within(other).getByText('Under Offer')).toHaveAttribute('data-variant', 'secondary')
    expect(within(other).queryByText('Featured')).not.toBeInTheDocument()
    expect(within(other).getByText('POA')).toBeInTheDocument()
  })

  it('has the leasing enquiry form at #enquiry-form', async () => {
    fakeBackend()
    renderRoute('/leasing#enquiry-form')
    const form = await screen.findByRole('form', { name: 'Leasing enquiry' })
    expect(form.closest('#enquiry-form')).not.toBeNull()
  })
})
