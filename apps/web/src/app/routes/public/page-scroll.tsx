import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { type GetScrollRestorationKeyFunction, ScrollRestoration } from 'react-router'

/**
 * React Router's scroll restoration (top of the page on a new page, the saved place on back and
 * reload), but for one thing: the app's first commit leaves the visitor where they are. A public
 * page is on screen and scrollable before the app takes it over (served or prerendered, decisions
 * 011 and 040); the router's first commit would scroll it to the top, so a visitor who had scrolled
 * down was thrown back up, and a tap meant for a link landed on whatever then sat under the finger
 * (the browser stories' clicks on a store's link and on the footer's privacy link did nothing).
 * A new document already starts at the top or where a reload left it, so that first reset is never
 * needed; an address with a #fragment is left to the router, which scrolls to its element. Later
 * navigations behave as before, including the layout's mount when a visitor comes from the portal
 * (only the document's first commit is left alone).
 */
export function PageScrollRestoration({ getKey }: { getKey: GetScrollRestorationKeyFunction }) {
  return (
    <>
      <OnFirstCommit
        run={() => {
          // With a #fragment the router's first commit scrolls to its element, which a first paint
          // without that element could not do: that stays the router's.
          if (!takenOver && !window.location.hash) visitors = { x: window.scrollX, y: window.scrollY }
        }}
      />
      <ScrollRestoration getKey={getKey} />
      <OnFirstCommit
        run={() => {
          const at = visitors
          visitors = undefined
          takenOver = true
          if (at && (window.scrollX !== at.x || window.scrollY !== at.y)) window.scrollTo(at.x, at.y)
        }}
      />
    </>
  )
}

/** Whether the app has committed its first frame in this document (then the router decides alone). */
let takenOver = false
/** The visitor's scroll position just before that first commit's reset. */
let visitors: { x: number; y: number } | undefined

/**
 * Runs `run` in the layout phase of its first commit. Siblings' layout effects run in tree order,
 * so the first of the two above reads the position before ScrollRestoration's own effect resets it
 * and the second puts it back, all before the browser paints.
 */
function OnFirstCommit({ run }: { run: () => void }): ReactNode {
  const first = useRef(run)
  useLayoutEffect(() => first.current(), [])
  return null
}
