import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_STORAGE_KEY } from '../../../lib/session/auth-storage'
import { SessionProvider, useSession, useSignedInUserId } from '../../../lib/session/session-context'
import { readBeforeRender } from '../../../lib/session/session-store'
import { TEST_USERS, testSession } from '../../../testing/session'
import { ready } from './layout'

// The engine's own reports are covered by session-engine.test.ts; here only where the provider starts.
vi.mock('../../../lib/session/session-engine', () => ({ startSessionEngine: () => () => {} }))
// What the tenant route's `ready()` reads: supabase-js's session.
const getSession = vi.fn(async () => ({ data: { session: testSession('tenantA') } }))
vi.mock('../../../lib/supabase-client', () => ({ getSupabase: () => ({ auth: { getSession } }) }))

const drawn: (string | undefined)[] = []

function Page() {
  const { loading } = useSession()
  const userId = useSignedInUserId()
  drawn.push(loading ? 'loading' : userId)
  return <p>{loading ? 'checking' : `page for ${userId ?? 'nobody'}`}</p>
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionProvider>
            <Page />
          </SessionProvider>
        ),
      },
    ],
    {
      initialEntries: [path],
    },
  )
  render(<RouterProvider router={router} />)
}

// One file, one module instance: the first provider of the app is created in the first test.
describe('SessionProvider started from a session read before the first render (decision 045)', () => {
  afterEach(() => {
    cleanup()
    drawn.length = 0
  })
  afterAll(() => localStorage.clear())

  it('the route reads the stored session first; the page is drawn for that user from its first render', async () => {
    expect(readBeforeRender.taken).toBeUndefined()
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(testSession('tenantA')))
    await ready()
    expect(getSession).toHaveBeenCalledTimes(1)
    renderAt('/tenant/dashboard')
    expect(screen.getByText(`page for ${TEST_USERS.tenantA.id}`)).toBeTruthy()
    expect(drawn.every((d) => d === TEST_USERS.tenantA.id)).toBe(true)
  })

  it('once a provider exists, the route reads nothing more to seed: the usual check decides', async () => {
    expect(readBeforeRender).toEqual({ taken: true, session: undefined })
    await ready()
    expect(getSession).not.toHaveBeenCalled()
    expect(readBeforeRender.session).toBeUndefined()
    renderAt('/tenant/dashboard')
    expect(screen.getByText('checking')).toBeTruthy()
    expect(drawn.includes(TEST_USERS.tenantA.id)).toBe(false)
  })
})
