/**
 * What the markup of a page rendered on request carries for the app that takes it over
 * (decision 040): shared by the server module (prerender.tsx) and the app's entry (main.tsx),
 * which must not import the server module itself.
 */

/** The query cache a rendered page hands to the app (main.tsx puts it back with setQueryData). */
export type HandedOver = Array<{ key: readonly unknown[]; data: unknown; at: number }>

const SERVED_MARKER = /^served:(\d+)$/

/**
 * Whether the gateway's renderings carry the served marker, so the app hydrates them (decision
 * 040). Off: on a hydrated /stores the directory's search and filters changed the URL but not the
 * screen, so the app draws every page again (decision 011) until that is solved. One switch for
 * both sides; while it is off the entry leaves the hydrating path out of its code.
 */
export const HYDRATE_SERVED_PAGES = false

/**
 * The comment that opens the markup of a page the gateway rendered with its data, naming the time
 * it rendered with: the app hydrates such a page instead of drawing it again, with its clocks at
 * that time until it is live (lib/render-clock.ts). React skips comments it did not write.
 */
export function servedMarker(at: number): string {
  return `<!--served:${Math.floor(at)}-->`
}

/** The time in the served marker among `container`'s children, or undefined when it has none. */
export function servedMarkerTime(container: ParentNode): number | undefined {
  for (const node of container.childNodes) {
    if (node.nodeType !== 8) continue
    const match = SERVED_MARKER.exec((node as Comment).data)
    if (match) return Number(match[1])
  }
  return undefined
}

/** Marks what the served page keeps inert until the app is live (main.tsx removes both). */
export const UNTIL_LIVE_ATTRIBUTE = 'data-until-live'

/**
 * A hydrated page's controls become the app's own nodes, but they stay inert until the app is
 * live, as the static first paint's do (decision 011): a form sent before would be a plain page
 * load with the visitor's fields in the address, a button does nothing before the app answers it,
 * and text typed into a field before hydration is kept on screen by React but not in its state,
 * so the app's next drawing of the field would wipe it (decision 040). React writes these tags as
 * `<input `, `<button>` and so on, so the tag names are matched exactly.
 */
export function markInertUntilLive(markup: string): string {
  return markup.replace(
    /<(form|input|select|textarea|button)(?=[\s>/])/g,
    `<$1 inert="" ${UNTIL_LIVE_ATTRIBUTE}=""`,
  )
}
