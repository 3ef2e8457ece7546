import type { QueryClient, QueryKey } from '@tanstack/react-query'

/** Which cached queries an optimistic change touches: every one under `queryKey`, or only it (`exact`). */
export interface OptimisticTarget {
  queryKey: QueryKey
  exact?: boolean
}

/**
 * The three callbacks of an optimistic mutation over every cached query `target` names (each
 * page of a list, say): `onMutate` applies `apply(data, input)` to all of them at once and keeps
 * what they held; `onError` puts every one back and calls `failed` (where the screen says why);
 * `onSettled` refetches, so the screen ends on what the database holds either way.
 *
 * Spread the result into `useMutation({ mutationFn, ...optimisticUpdate(...) })`.
 */
export function optimisticUpdate<Data, Input>(
  client: QueryClient,
  target: OptimisticTarget,
  apply: (data: Data, input: Input) => Data,
  failed: (error: Error, input: Input) => void,
  refetch: QueryKey = target.queryKey,
) {
  return {
    onMutate: async (input: Input) => {
      await client.cancelQueries(target)
      const before = client.getQueriesData<Data>(target)
      client.setQueriesData<Data>(target, (data) => (data === undefined ? data : apply(data, input)))
      return { before }
    },
    onError: (
      error: Error,
      input: Input,
      context: { before: [QueryKey, Data | undefined][] } | undefined,
    ) => {
      for (const [key, data] of context?.before ?? []) client.setQueryData(key, data)
      failed(error, input)
    },
    onSettled: () => client.invalidateQueries({ queryKey: refetch }),
  }
}
