import '@fontsource-variable/inter/wght.css'
import './styles/index.css'
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { AppProvider } from './app/provider'
import { AppRouterProvider, createAppRouter, routerReady } from './app/router'
import { getMonitor, initMonitoring } from './lib/monitoring/init'
import { createQueryClient } from './lib/query-client'
import { setRenderClock } from './lib/render-clock'
import { areaOf } from './lib/session/area'
import { hasStoredSession } from './lib/session/auth-storage'
import { type HandedOver, servedMarkerTime, UNTIL_LIVE_ATTRIBUTE } from './prerender-marks'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = container

/**
 * The time the gateway rendered this page with, when the page in #root is its rendering with the
 * data handed over (decision 040): then the app hydrates that markup instead of drawing it again.
 * The build's static first paint (the fallback) and the tenant and admin shell carry no marker.
 */
const servedAt = servedMarkerTime(root)

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
  await routerReady(router)
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  )
  startTransition(() => {
    if (servedAt === undefined) {
      createRoot(root).render(app)
      return
    }
    // The clocks on the page read the gateway's time until the page is live (lib/render-clock.ts).
    setRenderClock(servedAt)
    hydrateRoot(root, <Live>{app}</Live>, { onRecoverableError: reportHydrationError })
  })
}

/**
 * A served page that React could not take over as it is (a difference between the gateway's
 * markup and the app's first frame) is drawn again by React: visitors see no error, but it costs
 * the whole start-up again, so it is reported to the site's monitoring rather than the console,
 * and marked on #root for the browser stories (e2e hydration.spec.ts).
 */
function reportHydrationError(error: unknown, info: { componentStack?: string }) {
  root.dataset.hydration = 'recovered'
  getMonitor().reportError(error, { componentStack: info.componentStack ?? null })
}

/**
 * Renders nothing of its own; its layout effect runs in the commit that makes the served page live,
 * before the browser handles any more input.
 */
function Live({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    setRenderClock(undefined)
    goLive(root)
    root.dataset.hydration ??= 'clean'
  }, [])
  return children
}

/**
 * The served page's fields were live before the app was (the same nodes: nothing is drawn again);
 * forms and buttons stay inert until now (prerender-marks.ts). Anything a
 * visitor typed or picked in the meantime is handed to the app as if it had been typed now: React
 * keeps the value on screen while hydrating but its state still holds the gateway's, so a change
 * event is replayed for each control whose value differs from the one it was served with.
 */
function goLive(container: HTMLElement) {
  for (const marked of container.querySelectorAll(`[${UNTIL_LIVE_ATTRIBUTE}]`)) {
    marked.removeAttribute('inert')
    marked.removeAttribute(UNTIL_LIVE_ATTRIBUTE)
  }
  for (const control of container.querySelectorAll('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected))
        control.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (
      control instanceof HTMLInputElement &&
      (control.type === 'checkbox' || control.type === 'radio')
    ) {
      if (control.checked !== control.defaultChecked) replayChange(control, 'checked', 'click')
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) replayChange(control, 'value', 'input')
    }
  }
}

/**
 * React notices a change by comparing the control's value with the last one it saw, which it took
 * from the page while hydrating: step that back to the served value through the control's own
 * property (which React watches), put the visitor's value back through the prototype's (which it
 * does not), and send the event React listens for.
 */
function replayChange(
  control: HTMLInputElement | HTMLTextAreaElement,
  field: 'value' | 'checked',
  event: string,
) {
  const prototype: object = Object.getPrototypeOf(control)
  const served = Reflect.get(control, field === 'checked' ? 'defaultChecked' : 'defaultValue')
  const visitors = Reflect.get(control, field)
  Reflect.set(control, field, served)
  Object.getOwnPropertyDescriptor(prototype, field)?.set?.call(control, visitors)
  control.dispatchEvent(new Event(event, { bubbles: true }))
}

void start()
