import { AlertTriangleIcon } from 'lucide-react'
import { Button } from '../ui/button'

/** The fallback error screen of the spec (§2): title, text and its three buttons. */
export function ErrorScreen({
  onRetry,
  onReload,
  onHome,
}: {
  onRetry: () => void
  onReload: () => void
  onHome: () => void
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-50 px-4 py-16">
      <meta name="robots" content="noindex" />
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm"
      >
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50">
          <AlertTriangleIcon className="size-7 text-red-700" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-2xl font-bold text-stone-900">Something went wrong</h1>
        <p className="mt-2 text-stone-600">
          We encountered an unexpected error. Please try refreshing the page.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <Button onClick={onRetry}>Try Again</Button>
          <Button variant="outline" onClick={onReload}>
            Reload Page
          </Button>
          <Button variant="ghost" onClick={onHome}>
            Go Home
          </Button>
        </div>
      </div>
    </main>
  )
}
