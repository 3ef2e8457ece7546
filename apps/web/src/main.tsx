import '@fontsource-variable/inter/wght.css'
import './styles/index.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { AppProvider } from './app/provider'
import { AppRouterProvider, createAppRouter, routerReady } from './app/router'
import { paths } from './config/paths'
import { initMonitoring } from './lib/monitoring/init'
import { createQueryClient } from './lib/query-client'
import { setRenderClock } from './lib/render-clock'
import { areaOf } from './lib/session/area'
import { hasStoredSession } from './lib/session/auth-storage'
import { type HandedOver, HYDRATE_SERVED_PAGES, servedMarkerOf, servedMarkerTime } from './prerender-marks'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = container

/**
 * The marker that says the page in #root is the gateway's rendering with the data handed over
 * (decision 040): then the app hydrates that markup instead of drawing it again. The build's
 * static first paint (the fallback) and the tenant and admin shell carry none.
 */
const served = HYDRATE_SERVED_PAGES ? servedMarkerOf(root) : undefined

/** Lets the browser handle input and paint between two pieces of start-up work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * The page's first paint is already on screen (prerendered by the build for public pages, a bare
 * shell otherwise), so starting the app is spread over several short tasks rather than one long
 * one that would block a visitor's first tap: evaluating the code, starting the monitor,
 * building the router, then drawing. The app draws over the first paint once the page's code is
 * in, so the first frame it commits is the same page rather than a loading shell and nothing on
 * screen moves; rendering in a transition lets React yield to the browser while it builds it.
 * No top-level await: page chunks import shared code from this entry, which must finish
 * evaluating for them to load.
 */
async function start() {
  // Taking over a served page needs a little code of its own, fetched beside the page's.
  // Should it fail to load, the page is drawn again as before hydration (decision 011); the failure
  // is handled here at once, not only when the page's code is in, so it is no unhandled rejection.
  const hydrating =
    HYDRATE_SERVED_PAGES && served ? import('./app/hydrate-served-page').catch(() => undefined) : undefined
  // Each step below is its own task (decision 044): the modules' evaluation, the first read of
  // browser storage (a synchronous round trip to the browser process), the monitor, the router
  // and the data handed over each cost a phone several milliseconds, and together one long task.
  await yieldToBrowser()
  // Where someone may be signed in, the session engine (supabase-js) is needed before the page can
  // ask for its data: fetch it now, beside the page's own code, rather than after the first render
  // (the session provider's own import then finds it loaded). A failure is the provider's to report.
  if (areaOf(window.location.pathname) || hasStoredSession())
    import('./lib/session/session-engine').catch(() => {})
  await yieldToBrowser()
  // Before the router and the first render, so that errors while starting are reported (docs/product/site.md §8).
  initMonitoring()
  await yieldToBrowser()
  const router = createAppRouter()
  await yieldToBrowser()
  // A page the gateway rendered with its data hands that data over (decision 016): the app starts
  // from it, so its first frame is the page already on screen and nothing is fetched twice.
  const queryClient = createQueryClient()
  const handedOver = document.getElementById('app-data')?.textContent
  if (handedOver) {
    try {
      for (const { key, data, at } of JSON.parse(handedOver) as HandedOver) {
        queryClient.setQueryData(key, data, { updatedAt: at })
      }
    } catch {
      // A page whose data block cannot be read simply loads its data as usual.
    }
  }
  // The tenant dashboard's data, asked for beside its code (decision 041; one call, nothing else here).
  if (window.location.pathname === paths.tenant.dashboard.getHref())
    import('./app/routes/tenant/prefetch-dashboard')
      .then(({ startEarlyQueries }) => startEarlyQueries(queryClient))
      .catch(() => {
        // The page loads its data as usual.
      })
  await routerReady(router)
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  )
  const hydrate = HYDRATE_SERVED_PAGES ? await hydrating : undefined
  startTransition(() => {
    if (HYDRATE_SERVED_PAGES && hydrate && served) {
      // The page's clocks read the gateway's time until the page is live (lib/render-clock.ts).
      setRenderClock(servedMarkerTime(served))
      hydrate.hydrateServedPage(root, app)
    } else createRoot(root).render(app)
  })
}

void start()
