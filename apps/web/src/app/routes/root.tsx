import { Outlet } from 'react-router'
import { usePageViews } from '../../lib/monitoring/use-page-views'
import { SessionProvider } from '../../lib/session/session-context'

/**
 * The root of every route: records a page view on each navigation (spec §3, §7) and holds the
 * app's one session provider (spec §4), inside the router so sign-in and sign-out can redirect.
 */
export function Root() {
  usePageViews()
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  )
}
