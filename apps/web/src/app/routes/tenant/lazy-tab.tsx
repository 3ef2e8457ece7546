import { Component, type ComponentType, lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'

/** Shown while a tab's code loads (the tab's own parts show their own loading states after). */
export function TabLoading({ label }: { label: string }) {
  return (
    <div className="space-y-3" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-28 w-full" />
    </div>
  )
}

/** A failed load of a tab's code (a dropped connection) says so and offers another try. */
class LoadBoundary extends Component<
  { children: ReactNode; onRetry: () => void; failure: string },
  { failed: boolean }
> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  render() {
    if (!this.state.failed) return this.props.children
    return (
      <Alert
        variant="error"
        title={this.props.failure}
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
 * One dashboard tab whose code loads when the tab is opened: the overview, which every visit
 * opens, never waits for the forms, tables and editors of the other tabs. A failed load can be
 * retried: React keeps a lazy component's failure, so each try makes a new one.
 */
export function LazyTab<P extends object>({
  load,
  props,
  loadingLabel,
  failure,
  fallback,
}: {
  load: () => Promise<{ default: ComponentType<P> }>
  props: P
  /** The loading state's accessible name ("Loading your listing"). */
  loadingLabel: string
  /** The alert's title when the code cannot be fetched ("We could not load the listing editor."). */
  failure: string
  /** A loading state of the loaded part's own height, instead of the generic one. */
  fallback?: ReactNode
}) {
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new lazy component for each attempt
  const Tab = useMemo(() => lazy(load), [attempt])
  return (
    <LoadBoundary key={attempt} failure={failure} onRetry={() => setAttempt((a) => a + 1)}>
      <Suspense fallback={fallback ?? <TabLoading label={loadingLabel} />}>
        <Tab {...props} />
      </Suspense>
    </LoadBoundary>
  )
}
