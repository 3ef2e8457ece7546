import '../../testing/setup'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListToolbar } from './list-toolbar'

function setup(q = '') {
  const list = { params: { q, filters: { kind: 'contact' } }, setQuery: vi.fn(), setFilter: vi.fn() }
  render(
    <ListToolbar
      label="Enquiries"
      searchLabel="Name or e-mail"
      list={list}
      filters={[
        {
          name: 'kind',
          label: 'Kind',
          anyLabel: 'All kinds',
          options: { leasing: 'Leasing', contact: 'Contact' },
        },
      ]}
    />,
  )
  return list
}

describe('the list toolbar', () => {
  it('searches when the search is sent, not on every keystroke', async () => {
    const list = setup('old')
    const box = screen.getByRole('searchbox', { name: 'Name or e-mail' })
    expect(box).toHaveValue('old')
    await userEvent.clear(box)
    await userEvent.type(box, 'lerato')
    expect(list.setQuery).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(list.setQuery).toHaveBeenCalledWith('lerato')
    expect(box.closest('search')).toHaveAttribute('aria-label', 'Enquiries')
  })

  it('shows each filter with its current value and applies a change at once', async () => {
    const list = setup()
    const kind = screen.getByRole('combobox', { name: 'Kind' })
    expect(kind).toHaveValue('contact')
    expect(screen.getByRole('option', { name: 'All kinds' })).toHaveValue('')
    await userEvent.selectOptions(kind, 'leasing')
    expect(list.setFilter).toHaveBeenCalledWith('kind', 'leasing')
  })
})
