import type { QueryClient } from '@tanstack/react-query'
import { paths } from '../config/paths'
import { storedUserId } from '../lib/session/auth-storage'

/**
 * Starts the tenant dashboard's queries from the entry, beside the page's code, instead of after
 * the page has been drawn and the session check has ended (decision 041). Only on the dashboard,
 * only with a stored session; the work itself (supabase-js, the queries) is in a chunk of its
 * own, which checks the session before asking for anything. The page's parts then read the
 * answers from the query cache.
 */
export function startEarlyQueries(queryClient: QueryClient): void {
  if (window.location.pathname !== paths.tenant.dashboard.getHref()) return
  const userId = storedUserId()
  if (!userId) return
  import('./routes/tenant/prefetch-dashboard')
    .then(({ prefetchDashboard }) => prefetchDashboard(queryClient, userId))
    .catch(() => {
      // The page loads its data as usual.
    })
}
