/**
 * Shown while the first route's code loads: the same shell as the static markup in index.html
 * (contact bar, navigation bar), so the first paint stays put until the page replaces it.
 */
export function HydrateFallback() {
  return (
    <div aria-busy="true">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className="h-10 bg-stone-900" />
      <div aria-hidden="true" className="h-16 border-b border-stone-200 bg-white" />
    </div>
  )
}
