import { createBrowserRouter, RouterProvider } from 'react-router'
import { routes } from './routes'

export type AppRouter = ReturnType<typeof createBrowserRouter>

/** The app's router; it starts loading the code of the page it opens with at once. */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes)
}

/**
 * Resolves once the router has loaded the code of the page it opened with (routes are lazy), so
 * the app's first frame is the page itself, the same as the prerendered markup it replaces.
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

export function AppRouterProvider({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />
}
