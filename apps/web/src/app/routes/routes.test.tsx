import '../../testing/setup'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, matchRoutes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeBackend, json } from '../../testing/fake-backend'
import { renderRoute } from '../../testing/render'
import { routes } from '../routes'

afterEach(() => vi.restoreAllMocks())

describe('the route table', () => {
  it('shows the 404 page for an unknown path, marked noindex, with a link home', async () => {
    fakeBackend()
    renderRoute('/no-such-page')
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow')
    // Inside the shared layout.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it.each([
    ['/tenant/login', 'Tenant Login'],
    ['/tenant/dashboard', 'Tenant Dashboard'],
    ['/admin/login', 'Admin Login'],
    ['/admin/shops/edit/123', 'Edit Shop'],
    ['/admin/vacant-shops/new', 'New Vacant Shop'],
    ['/admin/newsletter/edit/9', 'Edit Newsletter'],
    ['/admin/utility-statements', 'Utility Statements'],
  ])('loads %s on demand, outside the public layout, titled %s', async (url, title) => {
    fakeBackend()
    renderRoute(url)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('routes every page of the spec (docs/product/site.md §2) to its own screen, and no other', () => {
    const router = createMemoryRouter(routes)
    // The spec's list, as URLs a visitor would open; each must reach a screen of its own, not the 404.
    const spec = {
      '/': '/',
      '/about': '/about',
      '/stores': '/stores',
      '/stores/fresh-basket-market': '/stores/:slug',
      '/leasing': '/leasing',
      '/contact': '/contact',
      '/tenant/login': '/tenant/login',
      '/tenant/dashboard': '/tenant/dashboard',
      '/admin/login': '/admin/login',
      '/admin/dashboard': '/admin/dashboard',
      '/admin/shops': '/admin/shops',
      '/admin/shops/new': '/admin/shops/new',
      '/admin/shops/edit/7': '/admin/shops/edit/:id',
      '/admin/vacant-shops': '/admin/vacant-shops',
      '/admin/vacant-shops/new': '/admin/vacant-shops/new',
      '/admin/vacant-shops/edit/7': '/admin/vacant-shops/edit/:id',
      '/admin/tenants': '/admin/tenants',
      '/admin/tenants/new': '/admin/tenants/new',
      '/admin/tenants/edit/7': '/admin/tenants/edit/:id',
      '/admin/rental-statements': '/admin/rental-statements',
      '/admin/utility-statements': '/admin/utility-statements',
      '/admin/newsletter': '/admin/newsletter',
      '/admin/newsletter/new': '/admin/newsletter/new',
      '/admin/newsletter/edit/7': '/admin/newsletter/edit/:id',
    }
    for (const [url, pattern] of Object.entries(spec)) {
      const leaf = matchRoutes(router.routes, url)?.at(-1)?.route
      expect(leaf?.index ? '/' : leaf?.path, url).toBe(pattern)
    }
    // And the router serves nothing the spec does not name, besides the 404 catch-all.
    const registered = (list: typeof router.routes): string[] =>
      list.flatMap((r) => [...(r.path ? [r.path] : r.index ? ['/'] : []), ...registered(r.children ?? [])])
    expect(new Set(registered(router.routes))).toEqual(new Set([...Object.values(spec), '*']))
  })
})

describe('the fallback error screen', () => {
  it('shows the spec texts and Try Again clears the error state', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeBackend()
    renderRoute('/about?simulate-error')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(
      screen.getByText('We encountered an unexpected error. Please try refreshing the page.'),
    ).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByRole('heading', { level: 1, name: /The story of/ })).toBeInTheDocument()
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument()
  })

  it('replaces the page, figures and all, when the centre settings cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeBackend({ '/rest/v1/centre_settings': () => json({ message: 'database unavailable' }, 500) })
    renderRoute('/')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    // The first paint's stand-in figures are not left standing as if they were the centre's.
    expect(screen.queryByText('400+')).not.toBeInTheDocument()
    expect(screen.queryByText('Free parking bays')).not.toBeInTheDocument()
  })

  it('Go Home goes to / and Reload Page reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    fakeBackend()
    const { router } = renderRoute('/contact?simulate-error')
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }))
    expect(reload).toHaveBeenCalledOnce()
    await userEvent.click(screen.getByRole('button', { name: 'Go Home' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
