/**
 * What the markup of a page rendered on request carries for the app that takes it over
 * (decision 040): shared by the server module (prerender.tsx) and the app's entry (main.tsx),
 * which must not import the server module itself.
 */

/** The query cache a rendered page hands to the app (main.tsx puts it back with setQueryData). */
export type HandedOver = Array<{ key: readonly unknown[]; data: unknown; at: number }>

/**
 * Whether the gateway's renderings carry the served marker, so the app hydrates them (decision
 * 040). Off again (decision 060): switched on, a visitor's click on a link while the page was
 * being taken over did nothing (the fresh-clone run: `store-directory.spec.ts` opening a store
 * from /stores, twice; the footer's privacy link once). One switch for both sides; while it is
 * off the entry leaves the hydrating path out of its code.
 */
export const HYDRATE_SERVED_PAGES = false

/** The comment that opens the markup of a page the gateway rendered with its data (decision 040). */
export const SERVED_MARKER_PREFIX = 'served:'

/**
 * The served marker among `container`'s children, or undefined when it has none: the app hydrates
 * such a page instead of drawing it again. The build's static first paint (the fallback) and the
 * tenant and admin shell carry none. The rest of what only hydrating needs is in
 * hydration-marks.ts, out of the entry.
 */
export function servedMarkerOf(container: ParentNode): Comment | undefined {
  for (const node of container.childNodes)
    if (node instanceof Comment && node.data.startsWith(SERVED_MARKER_PREFIX)) return node
  return undefined
}

/** The time a served marker names: the page's clocks read it until the page is live (lib/render-clock.ts). */
export function servedMarkerTime(marker: Comment): number {
  return Number(marker.data.slice(SERVED_MARKER_PREFIX.length))
}
