/**
 * What the markup of a page rendered on request carries for the app that takes it over
 * (decision 040): shared by the server module (prerender.tsx) and the app's entry (main.tsx),
 * which must not import the server module itself.
 */

/** The query cache a rendered page hands to the app (main.tsx puts it back with setQueryData). */
export type HandedOver = Array<{ key: readonly unknown[]; data: unknown; at: number }>

/**
 * Whether the gateway's renderings carry the served marker, so the app hydrates them (decisions
 * 040, 060, 064). Switched off once because a link tapped while the page was being taken over did
 * nothing: the router's first commit scrolled the page to the top under the visitor's finger
 * (fixed in app/routes/public/page-scroll.tsx). One switch for both sides; off, the entry leaves
 * the hydrating path out of its code.
 */
export const HYDRATE_SERVED_PAGES = true

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
