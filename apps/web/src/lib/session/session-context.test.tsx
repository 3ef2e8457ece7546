import { cleanup, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_USERS, testSession } from '../../testing/session'
import { SessionProvider, useSession, useSignedInUserId } from './session-context'
import { beforeFirstRender, rememberCheckedSession } from './session-store'

// The engine's own reports are covered by session-engine.test.ts; here only where the provider starts.
vi.mock('./session-engine', () => ({ startSessionEngine: () => () => {} }))

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

  it('draws the page for that user from its first render, never as loading or as nobody', () => {
    expect(beforeFirstRender()).toBe(true)
    rememberCheckedSession(testSession('tenantA'))
    renderAt('/tenant/dashboard')
    expect(screen.getByText(`page for ${TEST_USERS.tenantA.id}`)).toBeTruthy()
    expect(drawn.every((d) => d === TEST_USERS.tenantA.id)).toBe(true)
  })

  it('once a provider exists, a session read later seeds nothing: the usual check decides', () => {
    expect(beforeFirstRender()).toBe(false)
    rememberCheckedSession(testSession('tenantB'))
    renderAt('/tenant/dashboard')
    expect(screen.getByText('checking')).toBeTruthy()
    expect(drawn.includes(TEST_USERS.tenantB.id)).toBe(false)
  })
})
