import { describe, expect, it } from 'vitest'
import type { Channel } from './channel.ts'
import { type PresenceMap, PresenceRegistry } from './presence-registry.ts'

const ROUTE = 'realtime:lobby'
const member = (route = ROUTE) => ({ route }) as Channel
const entry = (key: string, ref: string, extra: Record<string, unknown> = {}): PresenceMap => ({
  [key]: { metas: [{ phx_ref: ref, ...extra }] },
})

describe('presence of other instances', () => {
  it('state lists this instance’s entries and the other instances’ under the same keys', () => {
    const presence = new PresenceRegistry()
    presence.track(member(), 'ann', { user: 'Ann' })
    presence.applyRemote(
      'b',
      ROUTE,
      { ...entry('ben', 'r1'), ...entry('ann', 'r2', { device: 'phone' }) },
      {},
    )
    const state = presence.state(ROUTE)
    expect(Object.keys(state).sort()).toEqual(['ann', 'ben'])
    expect(state.ann.metas.map((m) => m.device ?? m.user)).toEqual(['Ann', 'phone'])
    // Only its own entries are what this instance tells the others.
    expect(Object.keys(presence.localState()[ROUTE])).toEqual(['ann'])
    expect(presence.state('realtime:elsewhere')).toEqual({})
  })

  it('a diff applies once: a repeat or the leave of an unknown entry changes nothing', () => {
    const presence = new PresenceRegistry()
    expect(presence.applyRemote('b', ROUTE, entry('ben', 'r1'), {})).toEqual({
      joins: entry('ben', 'r1'),
      leaves: {},
    })
    expect(presence.applyRemote('b', ROUTE, entry('ben', 'r1'), {})).toEqual({ joins: {}, leaves: {} })
    expect(presence.applyRemote('b', ROUTE, {}, entry('cid', 'r9'))).toEqual({ joins: {}, leaves: {} })
    // An update: the old ref leaves, the new one joins.
    expect(presence.applyRemote('b', ROUTE, entry('ben', 'r2', { away: true }), entry('ben', 'r1'))).toEqual({
      joins: entry('ben', 'r2', { away: true }),
      leaves: entry('ben', 'r1'),
    })
    expect(presence.state(ROUTE)).toEqual(entry('ben', 'r2', { away: true }))
  })

  it('a full state replaces what was known of that instance, as a diff; an empty one empties it', () => {
    const presence = new PresenceRegistry()
    presence.applyRemote('b', ROUTE, { ...entry('ben', 'r1'), ...entry('bo', 'r2') }, {})
    presence.applyRemote('c', ROUTE, entry('cid', 'r3'), {})
    const diffs = presence.replaceRemote('b', {
      [ROUTE]: { ...entry('ben', 'r1'), ...entry('bea', 'r4') },
      'private|realtime:hall': entry('ben', 'r5'),
    })
    expect(diffs.get(ROUTE)).toEqual({ joins: entry('bea', 'r4'), leaves: entry('bo', 'r2') })
    expect(diffs.get('private|realtime:hall')).toEqual({ joins: entry('ben', 'r5'), leaves: {} })
    expect(Object.keys(presence.state(ROUTE)).sort()).toEqual(['bea', 'ben', 'cid'])

    const gone = presence.replaceRemote('b', {})
    expect(gone.get(ROUTE)).toEqual({ joins: {}, leaves: { ...entry('ben', 'r1'), ...entry('bea', 'r4') } })
    expect(gone.get('private|realtime:hall')).toEqual({ joins: {}, leaves: entry('ben', 'r5') })
    // The other instance's entries stay.
    expect(presence.state(ROUTE)).toEqual(entry('cid', 'r3'))
    expect(presence.state('private|realtime:hall')).toEqual({})
  })
})
