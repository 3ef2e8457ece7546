import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'

/** Shown while the tab's code loads (the editor shows its own skeleton while the shop loads). */
function Loading() {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading your listing">
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  )
}

/** A failed load of the tab's code (a dropped connection) says so and offers another try. */
class LoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <Alert
        variant="error"
        title="We could not load the listing editor."
        action={
          <Button variant="outline" size="sm" onClick={this.props.onRetry}>
            Try again
          </Button>
        }
      >
        Check your connection and try again.
      </Alert>
    )
  }
}

/**
 * The dashboard's "My listing" tab, loaded when it is opened (listing-tab.tsx joins the listing
 * editor with the directory's store card; the overview never needs them). A failed load can be
 * retried: React keeps a lazy component's failure, so each try makes a new one.
 */
export function ListingTabLoader({ shopId }: { shopId: string }) {
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lazy component for each attempt
  const ListingTab = useMemo(() => lazy(() => import('./listing-tab')), [attempt])
  return (
    <LoadBoundary key={attempt} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={<Loading />}>
        <ListingTab shopId={shopId} />
      </Suspense>
    </LoadBoundary>
  )
}
