import { act, cleanup, render, screen } from '@testing-library/react'
import { useEffect } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SessionProvider, useSignedInUserId } from '../../lib/session/session-context'
import { SessionStore } from '../../lib/session/session-store'
import { TEST_USERS, testSession } from '../../testing/session'
import { RequireArea } from './require-area'

// The store is driven by the test, as the engine would drive it (session-engine.test.ts covers that).
vi.mock('../../lib/session/session-engine', () => ({ startSessionEngine: () => () => {} }))
// The code step's own screens are tested with the sign-in screens; here only that it comes first.
vi.mock('./two-factor-step', () => ({ default: () => <p>code step</p> }))

/** What the page below was drawn with, and how often it was mounted (reset per test). */
const record = { seen: [] as (string | undefined)[], mounts: 0 }

/** A page that records every user id it was drawn with and how often it was mounted. */
function Page() {
  const userId = useSignedInUserId()
  record.seen.push(userId)
  useEffect(() => {
    record.mounts += 1
  }, [])
  return <p>page for {userId ?? 'nobody'}</p>
}

function setup(keepPageWhileLoading: boolean) {
  record.seen = []
  record.mounts = 0
  const { seen } = record
  const mounts = () => record.mounts
  const store = new SessionStore()
  const router = createMemoryRouter(
    [
      {
        path: '/tenant/dashboard',
        element: (
          <SessionProvider store={store}>
            <RequireArea area="tenant" keepPageWhileLoading={keepPageWhileLoading}>
              <Page />
            </RequireArea>
          </SessionProvider>
        ),
      },
      { path: '/tenant/login', element: <p>login</p> },
    ],
    { initialEntries: ['/tenant/dashboard'] },
  )
  render(<RouterProvider router={router} />)
  return { store, seen, mounts }
}

describe('RequireArea keepPageWhileLoading (decision 041)', () => {
  afterEach(() => {
    cleanup()
    localStorage.clear()
  })

  it('draws the page while the session is checked, as nobody, and keeps it when the check ends', async () => {
    const { store, seen, mounts } = setup(true)
    expect(screen.getByText('page for nobody')).toBeTruthy()
    expect(screen.queryByText(/Loading the Tenant Portal/)).toBeNull()
    await act(async () => store.setSession(testSession('tenantA'), { loading: false }))
    expect(await screen.findByText(`page for ${TEST_USERS.tenantA.id}`)).toBeTruthy()
    // The same page, not a second one: nothing on screen was replaced.
    expect(mounts()).toBe(1)
    // Until the guard decided, the page never saw who was signed in.
    const first = seen.indexOf(TEST_USERS.tenantA.id)
    expect(seen.slice(0, first).every((id) => id === undefined)).toBe(true)
  })

  it('still sends an anonymous visitor to the login', async () => {
    const { store } = setup(true)
    await act(async () => store.setSession(null, { loading: false }))
    expect(await screen.findByText('login')).toBeTruthy()
    expect(screen.queryByText(/page for/)).toBeNull()
  })

  it('never hands the page the user id of someone who still owes a code', async () => {
    const { store, seen } = setup(true)
    await act(async () =>
      store.setSession(testSession('tenantA', { aal: 'aal1', verifiedFactor: true }), { loading: false }),
    )
    expect(await screen.findByText('code step')).toBeTruthy()
    expect(screen.queryByText(/page for/)).toBeNull()
    expect(seen.includes(TEST_USERS.tenantA.id)).toBe(false)
  })

  it('without it, shows the skeleton and not the page while the session is checked', () => {
    setup(false)
    expect(screen.getByText(/Loading the Tenant Portal/)).toBeTruthy()
    expect(screen.queryByText(/page for/)).toBeNull()
  })
})
