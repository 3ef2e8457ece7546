/**
 * Interaction to Next Paint, as web-vitals defines it (web.dev/articles/inp): every interaction
 * (a tap, click or key press) lasts as long as the longest `event` entry sharing its
 * `interactionId`; INP is the longest interaction, except that one in every 50 is forgiven (an
 * approximation of the 98th percentile), so it is the `floor(count / 50)`-th longest counted from
 * the longest. Part of the public pages' entry (metrics.ts), so it is kept small.
 */

/** Event entries shorter than this are not delivered (the Event Timing minimum is 16; web-vitals uses 40). */
export const INP_DURATION_THRESHOLD_MS = 40

export interface InpTracker {
  /** `event` and `first-input` entries, as a PerformanceObserver delivers them. */
  add(entries: readonly PerformanceEntry[]): void
  /** The page view's INP so far in milliseconds, or undefined while nobody has interacted. */
  value(): number | undefined
}

/**
 * Interactions are counted as they are seen: those of at least INP_DURATION_THRESHOLD_MS and the
 * first one. web-vitals reads Chromium's `performance.interactionCount` instead, which also counts
 * quicker ones; the two differ only past 50 interactions in a page view, and the bytes it costs
 * the public pages' entry were not worth it (scripts/check-budgets.ts).
 */
export function createInpTracker(): InpTracker {
  /** Interaction id → its longest event. A page view has at most a few thousand. */
  const latencies = new Map<number, number>()
  return {
    add(entries) {
      for (const entry of entries) {
        const id: unknown = Reflect.get(entry, 'interactionId')
        // Events that are not part of an interaction (hover, scroll) carry id 0.
        if (typeof id === 'number' && id > 0)
          latencies.set(id, Math.max(latencies.get(id) ?? 0, entry.duration))
      }
    },
    value() {
      const longest = [...latencies.values()].sort((a, b) => b - a)
      return longest[Math.min(longest.length - 1, Math.floor(longest.length / 50))]
    },
  }
}
