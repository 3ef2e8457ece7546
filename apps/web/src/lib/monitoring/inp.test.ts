import { describe, expect, it } from 'vitest'
import { createInpTracker } from './inp'

/** An event entry of an interaction (or of none, with id 0). */
const event = (interactionId: number, duration: number, name = 'pointerup') =>
  ({ entryType: 'event', name, interactionId, duration, startTime: 0 }) as unknown as PerformanceEntry

describe('Interaction to Next Paint', () => {
  it('is undefined until someone interacts, and ignores events outside an interaction', () => {
    const inp = createInpTracker()
    expect(inp.value()).toBeUndefined()
    inp.add([event(0, 300, 'pointermove')])
    expect(inp.value()).toBeUndefined()
  })

  it('takes an interaction’s longest event, and the longest interaction of a few', () => {
    const inp = createInpTracker()
    inp.add([event(7, 48), event(7, 120, 'click'), event(14, 64), event(21, 96)])
    expect(inp.value()).toBe(120)
    // A later, longer event of an interaction already seen raises that interaction.
    inp.add([event(14, 200, 'keyup')])
    expect(inp.value()).toBe(200)
  })

  it('forgives one interaction in every 50 (about the 98th percentile)', () => {
    const inp = createInpTracker()
    // 120 interactions: one of 900 ms, one of 800 ms, one of 700 ms, the rest 50 ms.
    inp.add([event(1, 900), event(2, 800), event(3, 700)])
    inp.add(Array.from({ length: 117 }, (_, i) => event(100 + i, 50)))
    // floor(120 / 50) = 2: the two longest are forgiven.
    expect(inp.value()).toBe(700)
  })

  it('forgives more as interactions add up: the 20th longest of 1,000', () => {
    const inp = createInpTracker()
    inp.add(Array.from({ length: 1000 }, (_, i) => event(i + 1, i + 1)))
    // floor(1000 / 50) = 20: the 20 longest (1000 … 981 ms) are forgiven.
    expect(inp.value()).toBe(980)
  })
})
