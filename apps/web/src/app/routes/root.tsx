import { Outlet } from 'react-router'
import { usePageViews } from '../../lib/monitoring/use-page-views'
import { SessionProvider } from '../../lib/session/session-context'

/**
 * The root of every route: records a page view on each navigation (docs/product/site.md §3, §7) and holds the
 * app's one session provider (docs/product/site.md §4), inside the router so sign-in and sign-out can redirect.
 */
export function Root() {
  usePageViews()
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  )
}
