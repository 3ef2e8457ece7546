import { QueryClient } from '@tanstack/react-query'

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Public data changes rarely; a minute keeps navigation instant without going stale for long.
      queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  })
}
