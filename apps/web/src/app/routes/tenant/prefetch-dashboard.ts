import type { QueryClient } from '@tanstack/react-query'
import { getNoticesQueryOptions } from '../../../features/notices/api/get-notices'
import { getRentalStatementsQueryOptions } from '../../../features/statements/api/get-rental-statements'
import { getMyTenancyQueryOptions } from '../../../features/tenancy/api/get-my-tenancy'
import { assuranceOf } from '../../../lib/session/assurance'
import { storedUserId } from '../../../lib/session/stored-user-id'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * The overview's three queries (the heading and lease, the balance, the notices), started as soon
 * as supabase-js has read the stored session (refreshing it if it had expired), under the keys
 * the page's parts use. Nothing is asked for unless the session is the stored user's and needs no
 * two-factor code first (the guard's rule; PostgreSQL enforces it anyway). A failure is left to the
 * page: its parts ask again when they mount.
 */
export async function prefetchDashboard(queryClient: QueryClient, userId: string): Promise<void> {
  const { data } = await getSupabase().auth.getSession()
  const session = data.session
  if (!session || session.user.id !== userId || assuranceOf(session).needsChallenge) return
  await Promise.all([
    queryClient.prefetchQuery(getMyTenancyQueryOptions(userId)),
    queryClient.prefetchQuery(getRentalStatementsQueryOptions(userId)),
    queryClient.prefetchQuery(getNoticesQueryOptions(userId)),
  ])
}

/**
 * Starts the overview's queries from the entry, beside the page's code, instead of after the page
 * has been drawn and the session check has ended (decision 041): main.tsx imports this chunk on the
 * dashboard only; nothing happens without a stored session. The page's parts then read the answers
 * from the query cache.
 */
export function startEarlyQueries(queryClient: QueryClient): void {
  const userId = storedUserId()
  if (!userId) return
  prefetchDashboard(queryClient, userId).catch(() => {
    // The page loads its data as usual.
  })
}
