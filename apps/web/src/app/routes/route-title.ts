import { useLocation, useMatches } from 'react-router'

/** The title the route table gave the current route (its `handle.title`). */
export function useRouteTitle(): { title: string; path: string } {
  const matches = useMatches()
  const { pathname } = useLocation()
  const handle: unknown = matches.at(-1)?.handle
  const title =
    typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'string'
      ? handle.title
      : ''
  return { title, path: pathname }
}
