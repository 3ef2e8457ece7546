import { randomBytes } from 'node:crypto'
import type { Channel } from './channel.ts'

type Meta = Record<string, unknown> & { phx_ref: string }
export type PresenceMap = Record<string, { metas: Meta[] }>

interface Entry {
  key: string
  payloadJson: string
  meta: Meta
}

/** Entries of another instance: route → phx_ref → key and meta. */
type RemoteEntries = Map<string, Map<string, { key: string; meta: Meta }>>

/**
 * Presence per route (docs/protocol/realtime.md §6.7; a private and a public channel of one name are
 * separate): at most one tracked entry per joined channel, and the entries other gateway
 * instances reported (instance-relay.ts), each under its own `phx_ref`.
 */
export class PresenceRegistry {
  readonly #topics = new Map<string, Map<Channel, Entry>>()
  readonly #remote = new Map<string, RemoteEntries>()

  /** Everyone present on the route: this instance's clients and those of the others. */
  state(route: string): PresenceMap {
    const state: PresenceMap = {}
    const add = (key: string, meta: Meta) => {
      const slot = state[key] ?? { metas: [] }
      slot.metas.push(meta)
      state[key] = slot
    }
    for (const entry of this.#topics.get(route)?.values() ?? []) add(entry.key, entry.meta)
    for (const entries of this.#remote.values()) {
      for (const { key, meta } of entries.get(route)?.values() ?? []) add(key, meta)
    }
    return state
  }

  /** This instance's own entries, every route (what another instance asks for). */
  localState(): Record<string, PresenceMap> {
    const routes: Record<string, PresenceMap> = {}
    for (const [route, entries] of this.#topics) {
      const state: PresenceMap = {}
      for (const entry of entries.values()) {
        const slot = state[entry.key] ?? { metas: [] }
        slot.metas.push(entry.meta)
        state[entry.key] = slot
      }
      routes[route] = state
    }
    return routes
  }

  /** Applies another instance's diff; answers what actually changed (a repeat changes nothing). */
  applyRemote(
    origin: string,
    route: string,
    joins: PresenceMap,
    leaves: PresenceMap,
  ): { joins: PresenceMap; leaves: PresenceMap } {
    let routes = this.#remote.get(origin)
    if (!routes) {
      routes = new Map()
      this.#remote.set(origin, routes)
    }
    let entries = routes.get(route)
    if (!entries) {
      entries = new Map()
      routes.set(route, entries)
    }
    const applied = { joins: {} as PresenceMap, leaves: {} as PresenceMap }
    for (const [key, { metas }] of Object.entries(leaves)) {
      for (const meta of metas) {
        if (!entries.delete(meta.phx_ref)) continue
        addMeta(applied.leaves, key, meta)
      }
    }
    for (const [key, { metas }] of Object.entries(joins)) {
      for (const meta of metas) {
        if (entries.has(meta.phx_ref)) continue
        entries.set(meta.phx_ref, { key, meta })
        addMeta(applied.joins, key, meta)
      }
    }
    if (entries.size === 0) routes.delete(route)
    if (routes.size === 0) this.#remote.delete(origin)
    return applied
  }

  /**
   * Replaces what is known of another instance with its whole state (`routes`; empty: it is
   * gone); answers the diff per route that brings a member from the old view to the new one.
   */
  replaceRemote(
    origin: string,
    routes: Record<string, PresenceMap>,
  ): Map<string, { joins: PresenceMap; leaves: PresenceMap }> {
    const diffs = new Map<string, { joins: PresenceMap; leaves: PresenceMap }>()
    const known = this.#remote.get(origin) ?? new Map()
    for (const route of new Set([...known.keys(), ...Object.keys(routes)])) {
      const next = new Map<string, { key: string; meta: Meta }>()
      for (const [key, { metas }] of Object.entries(routes[route] ?? {})) {
        for (const meta of metas) next.set(meta.phx_ref, { key, meta })
      }
      const leaves: PresenceMap = {}
      for (const [ref, { key, meta }] of known.get(route) ?? []) {
        if (!next.has(ref)) addMeta(leaves, key, meta)
      }
      const joins: PresenceMap = {}
      for (const [ref, { key, meta }] of next) {
        if (!known.get(route)?.has(ref)) addMeta(joins, key, meta)
      }
      if (Object.keys(joins).length > 0 || Object.keys(leaves).length > 0) diffs.set(route, { joins, leaves })
      if (next.size > 0) known.set(route, next)
      else known.delete(route)
    }
    if (known.size > 0) this.#remote.set(origin, known)
    else this.#remote.delete(origin)
    return diffs
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

function addMeta(map: PresenceMap, key: string, meta: Meta): void {
  const slot = map[key] ?? { metas: [] }
  slot.metas.push(meta)
  map[key] = slot
}

function newRef(): string {
  return randomBytes(12).toString('base64url')
}
