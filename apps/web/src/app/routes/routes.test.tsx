import '../../testing/setup'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, matchRoutes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeBackend, json } from '../../testing/fake-backend'
import { renderRoute } from '../../testing/render'
import { storeTestSession, testSession } from '../../testing/session'
import { routes } from '../routes'

afterEach(() => vi.restoreAllMocks())

/**
 * How long a case behind an area guard waits for its outcome: the guard decides once the session
 * engine's chunk has loaded and the first session check has ended, then the target's route chunk
 * loads. On a loaded machine (load 20 and more on two cores) that took longer than the default
 * wait; bounded well inside the test's 15 s.
 */
const GUARDED = { timeout: 12_000 }

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
    ['/tenant/login', 'Tenant Login', 'Sign in to the Tenant Portal'],
    ['/admin/login', 'Admin Login', 'Sign in to the Back Office'],
  ])('loads %s on demand, outside the public layout, titled %s', async (url, title, heading) => {
    fakeBackend()
    storeTestSession(null)
    renderRoute(url)
    expect(await screen.findByRole('heading', { level: 1, name: heading }, GUARDED)).toBeInTheDocument()
    await waitFor(() => expect(document.title).toBe(`${title} | Genesis Centre`), GUARDED)
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it.each([
    ['/tenant/dashboard', '/tenant/login?next=%2Ftenant%2Fdashboard'],
    ['/admin/shops/edit/123', '/admin/login?next=%2Fadmin%2Fshops%2Fedit%2F123'],
    ['/admin/utility-statements', '/admin/login?next=%2Fadmin%2Futility-statements'],
  ])('sends an anonymous visitor of %s to the area login with a way back', async (url, login) => {
    fakeBackend()
    storeTestSession(null)
    const { router } = renderRoute(url)
    await waitFor(
      () => expect(router.state.location.pathname + router.state.location.search).toBe(login),
      GUARDED,
    )
  })

  it.each([
    ['/admin/newsletter/new', 'New Newsletter'],
    ['/admin/rental-statements', 'Rental Statements'],
    ['/admin/newsletter/edit/9', 'Edit Newsletter'],
    ['/admin/utility-statements', 'Utility Statements'],
  ])('shows %s to a signed-in admin, titled %s', async (url, title) => {
    fakeBackend()
    storeTestSession(testSession('admin', { aal: 'aal2', verifiedFactor: true }))
    renderRoute(url)
    expect(await screen.findByRole('heading', { level: 1, name: title }, GUARDED)).toBeInTheDocument()
  })

  it('opens the dashboard for /admin, inside the back office frame with its navigation', async () => {
    fakeBackend()
    storeTestSession(testSession('admin', { aal: 'aal2', verifiedFactor: true }))
    const { router } = renderRoute('/admin')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' }, GUARDED),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/admin/dashboard')
    const nav = screen.getByRole('navigation', { name: 'Back office' })
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    for (const name of [
      'Shops',
      'Vacant Shops',
      'Tenants',
      'Enquiries',
      'Maintenance',
      'Notices',
      'Monitoring',
    ])
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument()
  })

  it('shows a not-found state for a shop id that does not exist, without asking the server', async () => {
    const spy = fakeBackend()
    storeTestSession(testSession('admin', { aal: 'aal2', verifiedFactor: true }))
    renderRoute('/admin/shops/edit/123')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Shop not found' }, GUARDED),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Shops' })).toHaveAttribute('href', '/admin/shops')
    const asked = spy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input))
    expect(asked.filter((u) => u.includes('/rest/v1/shops'))).toEqual([])
  })

  it('sends a signed-in tenant away from the admin area to their dashboard', async () => {
    fakeBackend({ '/rest/v1/tenants': () => json(null, 406) })
    storeTestSession(testSession('tenantA'))
    const { router } = renderRoute('/admin/utility-statements')
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenant/dashboard'), GUARDED)
  })

  it('asks a tenant with an authenticator for their code before loading anything of theirs', async () => {
    const session = testSession('tenantA', { verifiedFactor: true })
    const spy = fakeBackend({ '/auth/v1/user': () => json(session.user) })
    storeTestSession(session)
    renderRoute('/tenant/dashboard')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enter your authentication code' }, GUARDED),
    ).toBeVisible()
    expect(await screen.findByLabelText(/Authentication code/)).toBeVisible()
    const paths = spy.mock.calls.map(
      ([input]) => new URL(String(input instanceof Request ? input.url : input)).pathname,
    )
    expect(paths).not.toContain('/rest/v1/tenants')
  })

  it('asks an admin without an authenticator to enrol one first (two-factor required for admins)', async () => {
    const session = testSession('admin')
    fakeBackend({
      '/auth/v1/user': () => json(session.user),
      '/auth/v1/factors': () =>
        json({
          id: 'factor-9',
          type: 'totp',
          friendly_name: 'Authenticator app',
          totp: { qr_code: '<svg/>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' },
        }),
    })
    storeTestSession(session)
    renderRoute('/admin/dashboard')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }, GUARDED),
    ).toBeVisible()
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP', {}, GUARDED)).toBeVisible()
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      'data:image/svg+xml;utf-8,<svg/>',
    )
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
      // The privacy notice (issue 20, item 1).
      '/privacy': '/privacy',
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
      // The back office's own sections (docs/product/README.md §5 and issue 13), and /admin itself.
      '/admin': '/admin',
      '/admin/enquiries': '/admin/enquiries',
      '/admin/maintenance': '/admin/maintenance',
      '/admin/notices': '/admin/notices',
      '/admin/monitoring': '/admin/monitoring',
      '/admin/audit': '/admin/audit',
      '/admin/privacy': '/admin/privacy',
      '/admin/privacy/incidents': '/admin/privacy/incidents',
      // Issue 18: public holidays, the centre's power status, what's on.
      '/admin/holidays': '/admin/holidays',
      '/admin/holidays/new': '/admin/holidays/new',
      '/admin/holidays/edit/7': '/admin/holidays/edit/:id',
      '/admin/power': '/admin/power',
      '/admin/whats-on': '/admin/whats-on',
      '/whats-on': '/whats-on',
      '/whats-on/9e000000-0000-4000-8000-000000000001': '/whats-on/:id',
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
