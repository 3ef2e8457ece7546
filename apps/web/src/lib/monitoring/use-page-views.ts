import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { getMonitor } from './init'

/**
 * Records a page_view on every route change (use once, inside the router, e.g. in the root
 * layout). The path and search are the page; the hash is not (in-page anchors are not new views).
 * The first view's loadTime comes from navigation timing; a later view's is the time from the
 * location change to the page's first commit.
 */
export function usePageViews(): void {
  const location = useLocation()
  const page = `${location.pathname}${location.search}`
  const changedAt = useRef<{ page: string; at: number } | undefined>(undefined)
  if (changedAt.current?.page !== page) changedAt.current = { page, at: performance.now() }
  // The last page tracked: StrictMode runs effects twice in development, a view counts once.
  const tracked = useRef<string | undefined>(undefined)

  useEffect(() => {
    if (tracked.current === page) return
    const isFirst = tracked.current === undefined
    tracked.current = page
    const started = changedAt.current?.at ?? performance.now()
    getMonitor().trackPageView(page, isFirst ? {} : { loadTime: performance.now() - started })
  }, [page])
}
