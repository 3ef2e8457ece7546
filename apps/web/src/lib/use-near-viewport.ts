import { useCallback, useState } from 'react'

/**
 * Whether the element given to the returned ref has come within `margin` of the viewport (once
 * true, it stays true). Where the browser cannot tell (no IntersectionObserver), at once.
 */
export function useNearViewport<T extends Element>(margin = '100% 0px'): [(node: T | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  const ref = useCallback(
    (node: T | null) => {
      if (!node || near) return
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return
          observer.disconnect()
          setNear(true)
        },
        { rootMargin: margin },
      )
      observer.observe(node)
      return () => observer.disconnect()
    },
    [near, margin],
  )
  return [ref, near]
}
