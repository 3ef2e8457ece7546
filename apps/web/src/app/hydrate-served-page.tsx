import { type ReactNode, useLayoutEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { SERVED_ATTRIBUTE } from '../components/seo/served-head'
import { makeControlsLive } from '../hydration-marks'
import { getMonitor } from '../lib/monitoring/init'
import { setRenderClock } from '../lib/render-clock'

/**
 * Takes over a page the gateway rendered with its data (decision 040): React adopts the served
 * nodes instead of drawing them again. Call it inside a transition, so hydrating yields to the
 * browser as drawing did, after setting the page's clocks to the time the gateway rendered with
 * (lib/render-clock.ts), so that the first frame matches the markup; they run on once it is live.
 */
export function hydrateServedPage(root: HTMLElement, app: ReactNode) {
  // The served head's tags (title, description, canonical …) become the app's own: hydrating, React
  // 19 adopts the tag already in the document that matches each one it draws, rather than making
  // its own. Left marked, PageMeta's first commit took them out of the document (as it does for a
  // page drawn again), and React's next change of one (the canonical link a filter removes on
  // /stores) threw in its commit: the router's update never reached the screen (decision 040).
  const servedHead = [...document.head.querySelectorAll(`[${SERVED_ATTRIBUTE}]`)]
  for (const tag of servedHead) tag.removeAttribute(SERVED_ATTRIBUTE)
  hydrateRoot(
    root,
    <Live root={root} servedHead={servedHead}>
      {app}
    </Live>,
    {
      onRecoverableError: (error, info) => reportHydrationError(root, error, info),
    },
  )
}

/**
 * A served page that React could not take over as it is (a difference between the gateway's
 * markup and the app's first frame) is drawn again by React: visitors see no error, but it costs
 * the whole start-up again, so it is reported to the site's monitoring rather than the console,
 * and marked on #root for the browser stories (e2e hydration.spec.ts).
 */
function reportHydrationError(root: HTMLElement, error: unknown, info: { componentStack?: string }) {
  root.dataset.hydration = 'recovered'
  getMonitor().reportError(error, { componentStack: info.componentStack ?? null })
}

/**
 * Renders nothing of its own; its layout effect runs in the commit that makes the served page
 * live, before the browser handles any more input: the clocks run on, and the controls the
 * served page kept inert (hydration-marks.ts) answer from then on, but for those in a lazily
 * loaded part React has not hydrated yet (components/live-part.tsx).
 */
function Live({
  root,
  servedHead,
  children,
}: {
  root: HTMLElement
  servedHead: Element[]
  children: ReactNode
}) {
  useLayoutEffect(() => {
    setRenderClock(undefined)
    // A page React had to draw again made head tags of its own: the served copies go.
    for (const tag of servedHead) {
      if ([...document.head.children].some((other) => other !== tag && other.isEqualNode(tag))) tag.remove()
    }
    // A lazily loaded part still waiting for its code is the served markup, not React's yet: it
    // makes its own controls live when it is hydrated (components/live-part.tsx).
    makeControlsLive(root, { exceptParts: true })
    root.dataset.hydration ??= 'clean'
  }, [root, servedHead])
  return children
}
