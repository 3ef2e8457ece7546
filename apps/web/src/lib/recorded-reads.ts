import type { QueryClient } from '@tanstack/react-query'

/**
 * Runs `render` while noting the hash of every query the page reads from `queryClient` (through
 * `useQuery`, which builds its query in the cache, or `getQueryData`, which gets it), so that the
 * page hands over only those: home's HTML no longer carries every shop, nor leasing's the shops
 * and what's on (issue 15, decision 037). The cache is one made for this rendering.
 */
export async function whileRecordingReads<T>(
  queryClient: QueryClient,
  render: (read: Set<string>) => Promise<T>,
): Promise<T> {
  const cache = queryClient.getQueryCache()
  const read = new Set<string>()
  const { get, build } = cache
  cache.get = ((hash: string) => {
    read.add(hash)
    return get.call(cache, hash)
  }) as typeof get
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build.apply(cache, args)
    read.add(query.queryHash)
    return query
  }) as typeof build
  try {
    return await render(read)
  } finally {
    cache.get = get
    cache.build = build
  }
}
