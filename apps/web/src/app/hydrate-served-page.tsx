import { type ReactNode, useEffect, useLayoutEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { getMonitor } from '../lib/monitoring/init'
import { setRenderClock } from '../lib/render-clock'
import { UNTIL_LIVE_ATTRIBUTE } from '../prerender-marks'

/**
 * Takes over a page the gateway rendered with its data (decision 040): React adopts the served
 * nodes instead of drawing them again. Call it inside a transition, so hydrating yields to the
 * browser as drawing did, after setting the page's clocks to the time the gateway rendered with
 * (lib/render-clock.ts), so that the first frame matches the markup; they run on once it is live.
 */
export function hydrateServedPage(root: HTMLElement, app: ReactNode) {
  hydrateRoot(root, <Live root={root}>{app}</Live>, {
    onRecoverableError: (error, info) => reportHydrationError(root, error, info),
  })
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
 * Renders nothing of its own. Its layout effect runs in the commit that makes the served page
 * live, before the browser handles any more input; what a visitor typed before is handed over just
 * after that commit (an event dispatched inside it would be undone: React puts a control back to
 * its props after the handler, and cannot draw the new state in the middle of a commit).
 */
function Live({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useLayoutEffect(() => {
    setRenderClock(undefined)
    for (const marked of root.querySelectorAll(`[${UNTIL_LIVE_ATTRIBUTE}]`)) {
      marked.removeAttribute('inert')
      marked.removeAttribute(UNTIL_LIVE_ATTRIBUTE)
    }
    root.dataset.hydration ??= 'clean'
  }, [root])
  useEffect(() => replayTyped(root), [root])
  return children
}

/**
 * The served page's fields were live before the app was (the same nodes: nothing is drawn again);
 * forms and buttons stay inert until now (prerender-marks.ts). Anything a
 * visitor typed or picked in the meantime is handed to the app as if it had been typed now: React
 * keeps the value on screen while hydrating but its state still holds the gateway's, so a change
 * event is replayed for each control whose value differs from the one it was served with.
 */
function replayTyped(container: HTMLElement) {
  for (const control of container.querySelectorAll('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected))
        control.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (
      control instanceof HTMLInputElement &&
      (control.type === 'checkbox' || control.type === 'radio')
    ) {
      if (control.checked !== control.defaultChecked) replayChange(control, 'checked', 'click')
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) replayChange(control, 'value', 'input')
    }
  }
}

/**
 * React notices a change by comparing the control's value with the last one it saw, which it took
 * from the page while hydrating: step that back to the served value through the control's own
 * property (which React watches), put the visitor's value back through the prototype's (which it
 * does not), and send the event React listens for.
 */
function replayChange(
  control: HTMLInputElement | HTMLTextAreaElement,
  field: 'value' | 'checked',
  event: string,
) {
  const prototype: object = Object.getPrototypeOf(control)
  const served = Reflect.get(control, field === 'checked' ? 'defaultChecked' : 'defaultValue')
  const visitors = Reflect.get(control, field)
  Reflect.set(control, field, served)
  Object.getOwnPropertyDescriptor(prototype, field)?.set?.call(control, visitors)
  control.dispatchEvent(new Event(event, { bubbles: true }))
}
