import { type Location, Outlet, useLocation } from 'react-router'
import { SIMULATE_ERROR_PARAM } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { SiteFooter } from '../../layout/site-footer'
import { SiteHeader } from '../../layout/site-header'
import { PageScrollRestoration } from './page-scroll'

let simulatedErrorEntry: string | undefined

/**
 * Test hook: `?simulate-error` makes the layout throw while rendering the history entry the page
 * was opened with, so the error screen and its three buttons can be exercised in a real browser
 * (e2e/specs/error-screen.spec.ts). Try Again re-enters the URL as a new history entry, which
 * renders normally: that is how the test sees the error state cleared. It shows a visitor nothing
 * they could not get by typing the flag themselves.
 */
function SimulatedError() {
  const location = useLocation()
  if (!new URLSearchParams(location.search).has(SIMULATE_ERROR_PARAM)) return null
  simulatedErrorEntry ??= location.key
  if (location.key === simulatedErrorEntry) throw new Error('Simulated error (test hook)')
  return null
}

/**
 * Every fresh page load starts at the history key 'default', so by default a new load of /about
 * would restore the scroll position saved for the last page loaded in this tab. Keying the first
 * entry by its path keeps reloads restoring and new loads starting at the top.
 */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `default:${location.pathname}` : location.key

/** The public layout (docs/product/site.md §2): contact bar, sticky navigation, the page, footer. */
export default function PublicLayout() {
  const centre = useCentreSettings()
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SimulatedError />
      <SiteHeader centre={centre} />
      {/* Focusable, so the skip link moves focus (not only the scroll position) to the page. */}
      <main id="main" tabIndex={-1} className="min-h-[75vh] flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter centre={centre} />
      <PageScrollRestoration getKey={scrollKey} />
    </div>
  )
}
