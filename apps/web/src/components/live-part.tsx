import { type ReactNode, useLayoutEffect, useRef } from 'react'
import { LIVE_PART_ATTRIBUTE, makeControlsLive } from '../hydration-marks'

/**
 * Wraps what a lazily loaded component draws inside its `Suspense` on a page the gateway renders
 * (the leasing enquiry form, home's map card). On a served page React hydrates such a part only
 * when its code has arrived, possibly after the rest of the page is live; its controls stay inert
 * until then, so nothing typed into the served fields is lost, and this makes them answer in the
 * commit that hydrates them (decision 059). Draws no box of its own (`display: contents`).
 */
export function LivePart({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (ref.current) makeControlsLive(ref.current)
  }, [])
  return (
    <div ref={ref} className="contents" {...{ [LIVE_PART_ATTRIBUTE]: '' }}>
      {children}
    </div>
  )
}
