import { SERVED_MARKER_PREFIX } from './prerender-marks'

/*
 * What a served page carries for the hydrating code only (decision 040): imported by the server
 * module (prerender.tsx) and the hydrating chunk (app/hydrate-served-page.tsx), never by the entry,
 * so none of it counts in a public page's initial JavaScript.
 */

/**
 * The comment that opens the markup of a page the gateway rendered with its data, naming the time
 * it rendered with: the app hydrates such a page instead of drawing it again, with its clocks at
 * that time until it is live (lib/render-clock.ts). React skips comments it did not write.
 */
export function servedMarker(at: number): string {
  return `<!--${SERVED_MARKER_PREFIX}${Math.floor(at)}-->`
}

/** Marks what the served page keeps inert until the app is live (hydrate-served-page.tsx removes both). */
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

/**
 * Marks a lazily loaded part of a served page (components/live-part.tsx). React hydrates such a
 * part only once its code has arrived, which can be after the page's own hydrating commit: until
 * then its fields are the served markup, not React's, and text typed into them would be wiped by
 * the app's next drawing of the form. So the page's commit leaves the controls inside a part inert,
 * and the part makes its own live when it is hydrated.
 */
export const LIVE_PART_ATTRIBUTE = 'data-live-part'

/**
 * Makes the controls the served page kept inert inside `container` answer: all of them, or with
 * `exceptParts` all but those inside a lazily loaded part (which makes its own live when React has
 * hydrated it).
 */
export function makeControlsLive(container: ParentNode, { exceptParts = false } = {}) {
  for (const marked of container.querySelectorAll(`[${UNTIL_LIVE_ATTRIBUTE}]`)) {
    if (exceptParts && marked.closest(`[${LIVE_PART_ATTRIBUTE}]`)) continue
    marked.removeAttribute('inert')
    marked.removeAttribute(UNTIL_LIVE_ATTRIBUTE)
  }
}
