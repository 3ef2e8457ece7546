import { useEffect } from 'react'
import { useLocation, useNavigate, useRouteError } from 'react-router'
import { ErrorScreen } from '../../components/errors/error-screen'
import { paths } from '../../config/paths'
import { getMonitor } from '../../lib/monitoring/init'

/**
 * The router's error boundary: any error thrown while rendering or loading a route lands here.
 * Try Again re-enters the current location, which makes the router drop its error state and
 * render the route afresh.
 */
export function RootErrorBoundary() {
  const error = useRouteError()
  const location = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    // The router catches render errors, so they never reach the window 'error' handler: report here.
    console.error(error)
    getMonitor().reportError(error)
  }, [error])
  return (
    <ErrorScreen
      onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      onReload={() => window.location.reload()}
      onHome={() => navigate(paths.home.getHref())}
    />
  )
}
