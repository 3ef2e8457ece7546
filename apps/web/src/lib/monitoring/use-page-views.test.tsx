import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getMonitor } from './init'
import { usePageViews } from './use-page-views'

vi.mock('./init', () => {
  const monitor = { trackPageView: vi.fn() }
  return { getMonitor: () => monitor }
})

function Tracked() {
  usePageViews()
  return null
}

describe('usePageViews', () => {
  afterEach(() => vi.mocked(getMonitor().trackPageView).mockClear())

  it('records one page view per route change, once even under StrictMode, ignoring hash changes', async () => {
    const router = createMemoryRouter([{ path: '*', element: <Tracked /> }], { initialEntries: ['/'] })
    render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    )
    await act(() => router.navigate('/stores?category=Electronics'))
    await act(() => router.navigate('/stores?category=Electronics#top'))
    await act(() => router.navigate('/leasing'))
    const calls = vi.mocked(getMonitor().trackPageView).mock.calls
    expect(calls.map(([page]) => page)).toEqual(['/', '/stores?category=Electronics', '/leasing'])
    // The first view takes the page load time from the monitor; later views carry their own.
    expect(calls[0][1]).toEqual({})
    expect(calls[1][1]).toEqual({ loadTime: expect.any(Number) })
  })
})
