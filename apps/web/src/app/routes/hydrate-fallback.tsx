/** Shown while the first route's code loads: a quiet page-sized placeholder, no layout jump. */
export function HydrateFallback() {
  return (
    <div aria-busy="true" aria-live="polite" className="flex min-h-screen items-center justify-center">
      <span className="sr-only">Loading…</span>
      <div className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
    </div>
  )
}
