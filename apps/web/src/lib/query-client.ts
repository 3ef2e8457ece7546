import { type QueryClient as Client, QueryClient, type QueryKey } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Public data changes rarely; a minute keeps navigation instant without going stale for long.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  })
}

/**
 * Refetches what a write just changed. `invalidateQueries` alone is not enough when the query's
 * *first* fetch is still in flight: TanStack Query then hands back that fetch instead of starting
 * a new one, and it may have read the data before the write committed (a new maintenance request
 * lists its photos while the photo is still uploading, and would show "No photos."). Cancelling
 * first makes the refetch start after the write.
 */
export async function refreshAfterWrite(queryClient: Client, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey })
  await queryClient.invalidateQueries({ queryKey })
}
