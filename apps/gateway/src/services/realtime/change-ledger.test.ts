import { describe, expect, it } from 'vitest'
import { ChangeLedger, selectCatchUp } from './change-ledger.ts'

const T = 1_800_000_000_000
const change = (id: number, capturedAt = T) => ({ id, capturedAt })

describe('selectCatchUp', () => {
  it('takes the changes not accounted for, each once, in id order', () => {
    const kept = [change(7), change(3), change(5), change(3), change(9)]
    expect(selectCatchUp(kept, 0, (id) => id === 5)).toEqual([3, 7, 9])
  })

  it('ignores changes captured before the horizon (forgotten, and pruned by now)', () => {
    const kept = [change(1, T - 1), change(2, T), change(3, T + 1)]
    expect(selectCatchUp(kept, T, () => false)).toEqual([2, 3])
  })

  it('returns nothing when nothing is kept', () => {
    expect(selectCatchUp([], 0, () => false)).toEqual([])
  })
})

describe('ChangeLedger', () => {
  it('catches up what was committed while deaf, never what was handed on or the baseline', () => {
    const ledger = new ChangeLedger()
    // Existed when the feed first listened: committed before any subscriber was there.
    ledger.setBaseline([change(1), change(2)])
    // Delivered through notifications before the connection was lost.
    ledger.markHandedOn(3, T)
    ledger.markHandedOn(4, T)
    // Kept in realtime.changes at catch-up: 5 and 6 were committed while deaf.
    const kept = [1, 2, 3, 4, 5, 6].map((id) => change(id))
    expect(ledger.selectCatchUp(kept)).toEqual([5, 6])
  })

  it('catches up a transaction that took a lower id than one already handed on and committed later', () => {
    const ledger = new ChangeLedger()
    ledger.setBaseline([change(10)])
    // Transaction A takes id 11 and stays open; B takes 12, commits and is notified and handed on.
    ledger.markHandedOn(12, T)
    // The connection is lost; A commits while deaf. "Everything above 12" would miss it.
    expect(ledger.selectCatchUp([change(10), change(11), change(12)])).toEqual([11])
  })

  it('still lets a notification deliver a baseline change (it committed just after LISTEN)', () => {
    const ledger = new ChangeLedger()
    ledger.setBaseline([change(1)])
    expect(ledger.wasHandedOn(1)).toBe(false)
    ledger.markHandedOn(1, T)
    expect(ledger.wasHandedOn(1)).toBe(true)
    expect(ledger.selectCatchUp([change(1)])).toEqual([])
  })

  it('a change caught up is not handed on again when its notification arrives on the new connection', () => {
    const ledger = new ChangeLedger()
    for (const id of ledger.selectCatchUp([change(5)])) ledger.markHandedOn(id, T)
    expect(ledger.wasHandedOn(5)).toBe(true)
    expect(ledger.selectCatchUp([change(5)])).toEqual([])
  })

  it('forgets what was captured before the horizon, so memory stays bounded by the retention window', () => {
    const ledger = new ChangeLedger()
    ledger.setBaseline([change(1, T - 2000), change(2, T)])
    ledger.markHandedOn(3, T - 1000)
    ledger.markHandedOn(4, T + 1000)
    expect(ledger.size).toEqual({ handedOn: 2, baseline: 2 })
    expect(ledger.lastHandedOnId).toBe(4)

    ledger.forgetBefore(T)
    expect(ledger.horizon).toBe(T)
    expect(ledger.size).toEqual({ handedOn: 1, baseline: 1 })
    expect(ledger.wasHandedOn(3)).toBe(false)
    // A forgotten change that is somehow still kept is not caught up: it is older than the horizon.
    expect(
      ledger.selectCatchUp([change(1, T - 2000), change(3, T - 1000), change(2, T), change(4, T + 1000)]),
    ).toEqual([])
    // Nothing older than the horizon is remembered again, and the horizon never moves back.
    ledger.markHandedOn(5, T - 1)
    ledger.forgetBefore(T - 5000)
    expect(ledger.horizon).toBe(T)
    expect(ledger.size).toEqual({ handedOn: 1, baseline: 1 })
  })

  it('remembers nothing of a feed that handed nothing on', () => {
    const ledger = new ChangeLedger()
    expect(ledger.lastHandedOnId).toBe(0)
    expect(ledger.size).toEqual({ handedOn: 0, baseline: 0 })
  })
})
