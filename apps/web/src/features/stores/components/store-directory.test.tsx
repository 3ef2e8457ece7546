import '../../../testing/setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json, never, SHOP_ROWS, shopRow } from '../../../testing/fake-backend'
import { renderRoute, testQueryClient } from '../../../testing/render'
import { DIRECTORY_WINDOW_KEY, type DirectoryWindow, directoryListing } from '../api/directory-window'
import { ShopSchema } from '../api/get-shops'
import { directoryWindowQuery, readDirectoryParams } from './use-directory-filters'

const storeNames = () =>
  within(screen.getByRole('list', { name: 'Stores' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent)

describe('the store directory', () => {
  it('shows skeletons while the stores load', async () => {
    fakeBackend({ '/rest/v1/shops': never })
    renderRoute('/stores')
    expect(await screen.findByText('Loading stores…')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Stores' })).not.toBeInTheDocument()
  })

  it('shows the error state when the stores cannot be fetched', async () => {
    fakeBackend({ '/rest/v1/shops': () => json({ message: 'boom', code: 'XX000' }, 500) })
    renderRoute('/stores')
    expect(await screen.findByRole('heading', { name: 'Error Loading Stores' })).toBeInTheDocument()
    expect(screen.getByText('Failed to load store data. Please try again later.')).toBeInTheDocument()
  })

  it('offers Try again after a failure, and shows the stores once the backend answers', async () => {
    let failing = true
    fakeBackend({
      '/rest/v1/shops': () => (failing ? json({ message: 'boom', code: 'XX000' }, 500) : json(SHOP_ROWS)),
    })
    renderRoute('/stores')
    const retry = await screen.findByRole('button', { name: 'Try again' })
    failing = false
    await userEvent.click(retry)
    expect(await screen.findByText('Showing 6 of 6 stores')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Error Loading Stores' })).not.toBeInTheDocument()
  })

  it('reads the shops ordered by shop number and lists them sorted by trading name with a count', async () => {
    const fetch = fakeBackend()
    renderRoute('/stores')
    expect(await screen.findByText('Showing 6 of 6 stores')).toBeInTheDocument()
    expect(storeNames()).toEqual([
      'Aloe Pharmacy',
      'Bean Theory Coffee',
      'Fresh Basket Market',
      'Karoo Butchery & Deli',
      'Key Cutters',
      'Volt Electronics',
    ])
    const shopsCall = fetch.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/rest/v1/shops'))
    expect(shopsCall).toContain('select=*')
    expect(shopsCall).toContain('order=shop_no.asc')
    expect(screen.getByRole('link', { name: 'Karoo Butchery & Deli' })).toHaveAttribute(
      'href',
      '/stores/karoo-butchery-and-deli',
    )
  })

  it('searches names and descriptions case-insensitively and keeps the search in the URL', async () => {
    fakeBackend()
    const { router } = renderRoute('/stores')
    await screen.findByText('Showing 6 of 6 stores')
    await userEvent.type(screen.getByLabelText('Search stores'), 'LAPTOP')
    expect(storeNames()).toEqual(['Bean Theory Coffee', 'Volt Electronics'])
    expect(screen.getByText('Showing 2 of 6 stores')).toBeInTheDocument()
    expect(router.state.location.search).toBe('?q=LAPTOP')
  })

  it('offers the spec categories and filters by one', async () => {
    fakeBackend()
    renderRoute('/stores')
    await screen.findByText('Showing 6 of 6 stores')
    const category = screen.getByLabelText('Category')
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All Categories',
      'Grocery & Food',
      'Fashion & Clothing',
      'Electronics',
      'Health & Pharmacy',
      'Food & Beverage',
      'Children & Family',
      'Services',
      'Beauty & Personal Care',
      'Home & Garden',
      'Entertainment',
      'Professional Services',
    ])
    await userEvent.selectOptions(category, 'Grocery & Food')
    expect(storeNames()).toEqual(['Fresh Basket Market', 'Karoo Butchery & Deli'])
  })

  it('builds the floor filter from the data in the spec order and filters by floor', async () => {
    fakeBackend()
    renderRoute('/stores')
    await screen.findByText('Showing 6 of 6 stores')
    const floor = screen.getByLabelText('Floor')
    expect(
      within(floor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Floors', 'Lower Ground', 'Ground', 'Upper Ground', 'Mezzanine', 'First Floor'])
    await userEvent.selectOptions(floor, 'Mezzanine')
    expect(storeNames()).toEqual(['Key Cutters'])
  })

  it('shows Clear Filters when nothing matches, and it resets search, category and floor', async () => {
    fakeBackend()
    const { router } = renderRoute('/stores?q=coffee&category=Electronics&floor=Ground')
    expect(await screen.findByText('Showing 0 of 6 stores')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }))
    expect(screen.getByText('Showing 6 of 6 stores')).toBeInTheDocument()
    expect(screen.getByLabelText('Search stores')).toHaveValue('')
    expect(screen.getByLabelText('Category')).toHaveValue('All Categories')
    expect(screen.getByLabelText('Floor')).toHaveValue('All Floors')
    expect(router.state.location.search).toBe('')
  })

  it('draws a large directory a page at a time, while search and filters cover every store', async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      shopRow(`S${String(i).padStart(3, '0')}`, `Store ${String(i).padStart(3, '0')}`, 'Services', 'Ground'),
    )
    fakeBackend({ '/rest/v1/shops': () => json(many) })
    const { router } = renderRoute('/stores')
    expect(await screen.findByText('Showing 60 of 60 stores')).toBeInTheDocument()
    expect(storeNames()).toHaveLength(48)
    await userEvent.click(screen.getByRole('link', { name: 'Show more stores (12 more)' }))
    await waitFor(() => expect(storeNames()).toHaveLength(60))
    expect(router.state.location.search).toBe('?show=96')
    expect(screen.queryByRole('link', { name: /Show more stores/ })).not.toBeInTheDocument()
    // The last store is found by search although it was not on the first page.
    await userEvent.type(screen.getByLabelText('Search stores'), 'Store 059')
    expect(storeNames()).toEqual(['Store 059'])
    expect(router.state.location.search).toBe('?q=Store+059')
  })

  it('switches between grid and list view', async () => {
    fakeBackend()
    const { router } = renderRoute('/stores')
    await screen.findByText('Showing 6 of 6 stores')
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'List view' }))
    expect(screen.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true')
    expect(router.state.location.search).toBe('?view=list')
  })

  it('marks filtered views noindex and unfiltered ones indexable', async () => {
    fakeBackend()
    const { router } = renderRoute('/stores')
    await screen.findByText('Showing 6 of 6 stores')
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
    await userEvent.selectOptions(screen.getByLabelText('Floor'), 'Ground')
    await waitFor(() =>
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        'noindex, follow',
      ),
    )
    expect(router.state.location.search).toBe('?floor=Ground')
  })

  it("a regional mall's page draws the handed-over window at once, then searches every store once the list has loaded", async () => {
    const rows = Array.from({ length: 150 }, (_, i) =>
      shopRow(`S${String(i).padStart(3, '0')}`, `Store ${String(i).padStart(3, '0')}`, 'Services', 'Ground'),
    )
    // What the server hands over for /stores (prerender.tsx): the first page, counts and floors.
    const { filters, shown } = readDirectoryParams(new URLSearchParams())
    const window: DirectoryWindow = {
      query: directoryWindowQuery(filters, shown),
      ...directoryListing(
        rows.map((row) => ShopSchema.parse(row)),
        filters,
        shown,
      ),
    }
    const queryClient = testQueryClient()
    queryClient.setQueryData(DIRECTORY_WINDOW_KEY, window)
    let answer: (response: Response) => void = () => undefined
    fakeBackend({ '/rest/v1/shops': () => new Promise<Response>((resolve) => (answer = resolve)) })
    renderRoute('/stores', queryClient)
    // Drawn from the window while the whole list is still on its way: no skeleton, the counts of
    // every store.
    expect(await screen.findByText('Showing 150 of 150 stores')).toBeInTheDocument()
    expect(screen.queryByText('Loading stores…')).not.toBeInTheDocument()
    expect(storeNames()).toHaveLength(48)
    expect(screen.getByRole('link', { name: 'Show more stores (102 more)' })).toBeInTheDocument()
    // A search the window was not drawn for waits for the list, then covers every store.
    await userEvent.type(screen.getByLabelText('Search stores'), 'Store 149')
    expect(await screen.findByText('Loading stores…')).toBeInTheDocument()
    answer(json(rows))
    await waitFor(() => expect(storeNames()).toEqual(['Store 149']))
  })
})
