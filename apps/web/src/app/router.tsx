import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  type DataRouter,
  UNSAFE_defaultMapRouteProperties as defaultMapRouteProperties,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  RouterProvider,
} from 'react-router'
import { routes } from './routes'

export type AppRouter = DataRouter

/**
 * The app's router, built but not started: React Router's `createBrowserRouter` without its last
 * step (`initialize()`, see `startAppRouter`). Building it flattens and ranks the route table and
 * matches the first address; starting it listens to the history, reads the view transitions React
 * Router keeps in `sessionStorage` (the page's first storage access, a round trip to the browser
 * process) and starts loading the first page's code. Each is several milliseconds of a phone's
 * main thread; done apart, `main.tsx` lets the browser run between them (decision 069). The
 * options are `createBrowserRouter`'s for a call without options (no hydration data is given:
 * the app's data is handed over to the query cache, not to the router).
 */
export function createAppRouter(): AppRouter {
  return createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties: defaultMapRouteProperties,
    hydrationRouteProperties,
  })
}

/** Starts a router `createAppRouter` built; it starts loading the code of the page it opens with at once. */
export function startAppRouter(router: AppRouter): AppRouter {
  return router.initialize()
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
