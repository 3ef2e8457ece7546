import { vi } from 'vitest'
import type { SendOutcome, Transport } from './transport'

/** A transport that records what was sent and answers what the test says (tests only). */
export function fakeTransport() {
  const posts: { path: string; body: unknown }[] = []
  const beacons: { path: string; body: unknown }[] = []
  const state = { outcome: 'sent' as SendOutcome, beaconAccepts: true }
  const transport: Transport = {
    post: vi.fn(async (path: string, body: unknown) => {
      // A copy, as the wire would make: later changes to the object must not change what was sent.
      posts.push({ path, body: JSON.parse(JSON.stringify(body)) })
      return state.outcome
    }),
    beacon: vi.fn((path: string, body: unknown) => {
      if (!state.beaconAccepts) return false
      beacons.push({ path, body: JSON.parse(JSON.stringify(body)) })
      return true
    }),
  }
  return { transport, posts, beacons, state }
}

/** Lets pending promise callbacks run (the queue's sends are async). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}
