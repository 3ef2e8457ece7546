import '../../testing/setup'
import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SessionProvider } from '../../lib/session/session-context'
import { SessionStore } from '../../lib/session/session-store'
import { testSession } from '../../testing/session'
import { PortalShell } from './portal-shell'

function renderShell(store: SessionStore) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionProvider store={store}>
            <PortalShell areaLabel="Tenant portal" homeHref="/tenant/dashboard">
              <p>Page</p>
            </PortalShell>
          </SessionProvider>
        ),
      },
    ],
    // A public path: the session engine is not started, the store is what the test sets.
    { initialEntries: ['/'] },
  )
  return render(<RouterProvider router={router} />)
}

describe('the portal shell’s account button (issue 12)', () => {
  it('is named "Account menu" while the session loads, then "Account menu for" the e-mail', () => {
    const store = new SessionStore({ loading: true, tenantId: null })
    renderShell(store)
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Account menu for/ })).not.toBeInTheDocument()

    act(() => store.setSession(testSession('tenantA'), { loading: false }))
    expect(
      screen.getByRole('button', { name: 'Account menu for tenant.a@genesis-centre.test' }),
    ).toBeInTheDocument()
  })
})
