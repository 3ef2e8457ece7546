import { QueryClient } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { AppProvider } from '../app/provider'
import { routes } from '../app/routes'

/** A query client without retries, so error states show at once. */
export const testQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } })

/** Renders the whole app at a URL, as the browser would (memory history). */
export function renderRoute(url: string, queryClient: QueryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] })
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
