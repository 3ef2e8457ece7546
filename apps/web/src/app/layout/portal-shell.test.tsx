import '../../testing/setup'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { SessionProvider } from '../../lib/session/session-context'
import { SessionStore } from '../../lib/session/session-store'
import { testSession } from '../../testing/session'
import { PortalShell } from './portal-shell'

/** How often the menu's module was loaded: it must be only when the button is used. */
const menuModule = vi.hoisted(() => ({ loads: 0 }))
vi.mock('./account-menu', async (importOriginal) => {
  menuModule.loads++
  return importOriginal()
})

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

  it('loads the menu’s code only when used, then opens the menu at once (Sign out, of all devices)', async () => {
    const user = userEvent.setup()
    const store = new SessionStore({ loading: true, tenantId: null })
    act(() => store.setSession(testSession('tenantA'), { loading: false }))
    renderShell(store)
    const button = screen.getByRole('button', { name: /Account menu for/ })
    // A plain button: no Radix trigger (whose state attribute it would carry), no menu code.
    expect(button).not.toHaveAttribute('data-state')
    expect(menuModule.loads).toBe(0)
    await user.click(button)
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'Sign out of all devices' })).toBeInTheDocument()
    expect(menuModule.loads).toBe(1)
    // The page behind the open menu is hidden from assistive technology, the trigger with it.
    expect(screen.getByRole('button', { name: /Account menu for/, hidden: true })).toHaveAttribute(
      'data-state',
      'open',
    )
  })
})
