import { Outlet } from 'react-router'
import { usePageViews } from '../../lib/monitoring/use-page-views'

/** The root of every route: records a page view on each navigation (docs/product/site.md §3, §7). */
export function Root() {
  usePageViews()
  return <Outlet />
}
