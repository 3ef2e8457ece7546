import { createBrowserRouter, RouterProvider } from 'react-router'
import { discoverRoutes, startingRoutes } from './routes'

export type AppRouter = ReturnType<typeof createBrowserRouter>

/**
 * The app's router; it starts loading the code of the page it opens with at once. It knows the
 * routes of the part of the site it opens in and learns the tenant and admin ones when they are
 * navigated to (routes.tsx, decision 065).
 */
export function createAppRouter(): AppRouter {
  return createBrowserRouter(startingRoutes(window.location.pathname), {
    patchRoutesOnNavigation: discoverRoutes,
  })
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
