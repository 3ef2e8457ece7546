import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '../app/provider'
import { discoverRoutes, startingRoutes } from '../app/routes'

/** A query client without retries, so error states show at once. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } })

/**
 * Renders the whole app at a URL, as the browser would (memory history): the router starts with
 * the routes of the part of the site it opens in and learns the others when navigated to.
 */
export function renderRoute(url: string, queryClient: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(startingRoutes(new URL(url, 'http://localhost').pathname), {
    initialEntries: [url],
    patchRoutesOnNavigation: discoverRoutes,
  })
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return { ...result, router }
}

/** Renders a component inside the app's providers (query client, toaster) and a router. */
export function renderWithProviders(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }])
  return render(
    <AppProvider queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
}
