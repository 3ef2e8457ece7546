import { useEffect } from 'react'
import { useLocation, useNavigate, useRouteError } from 'react-router'
import { ErrorScreen } from '../../components/errors/error-screen'
import { paths } from '../../config/paths'

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
    // The monitoring client (branch `monitoring`) hooks global errors; this keeps it visible in dev.
    console.error(error)
  }, [error])
  return (
    <ErrorScreen
      onRetry={() => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true })}
      onReload={() => window.location.reload()}
      onHome={() => navigate(paths.home.getHref())}
    />
  )
}
