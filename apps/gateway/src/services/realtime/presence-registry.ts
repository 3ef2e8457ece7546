import { randomBytes } from 'node:crypto'
import type { Channel } from './channel.ts'

type Meta = Record<string, unknown> & { phx_ref: string }
export type PresenceMap = Record<string, { metas: Meta[] }>

interface Entry {
  key: string
  payloadJson: string
  meta: Meta
}

/**
 * Presence per route (docs/protocol/realtime.md §6.7; a private and a public channel of one name are
 * separate): at most one tracked entry per joined channel.
 */
export class PresenceRegistry {
  readonly #topics = new Map<string, Map<Channel, Entry>>()

  state(route: string): PresenceMap {
    const state: PresenceMap = {}
    for (const entry of this.#topics.get(route)?.values() ?? []) {
      const slot = state[entry.key] ?? { metas: [] }
      slot.metas.push(entry.meta)
      state[entry.key] = slot
    }
    return state
  }

  /** Tracks (or replaces) the channel's entry; null when the payload is unchanged. */
  track(
    channel: Channel,
    key: string,
    payload: Record<string, unknown>,
  ): { joins: PresenceMap; leaves: PresenceMap } | null {
    const payloadJson = JSON.stringify(payload)
    let entries = this.#topics.get(channel.route)
    if (!entries) {
      entries = new Map()
      this.#topics.set(channel.route, entries)
    }
    const previous = entries.get(channel)
    if (previous && previous.payloadJson === payloadJson && previous.key === key) return null
    const meta: Meta = { ...payload, phx_ref: newRef() }
    if (previous && previous.key === key) meta.phx_ref_prev = previous.meta.phx_ref
    entries.set(channel, { key, payloadJson, meta })
    const leaves: PresenceMap = previous ? { [previous.key]: { metas: [previous.meta] } } : {}
    return { joins: { [key]: { metas: [meta] } }, leaves }
  }

  /** Removes the channel's entry; the `leaves` diff, or null when nothing was tracked. */
  untrack(channel: Channel): PresenceMap | null {
    const entries = this.#topics.get(channel.route)
    const previous = entries?.get(channel)
    if (!entries || !previous) return null
    entries.delete(channel)
    if (entries.size === 0) this.#topics.delete(channel.route)
    return { [previous.key]: { metas: [previous.meta] } }
  }
}

function newRef(): string {
  return randomBytes(12).toString('base64url')
}
