import type { Caller } from '../../database/request-scope.ts'
import type { ChannelPolicies } from './authorize-channel.ts'
import type { Connection } from './connection.ts'
import type { Filter } from './parse-filter.ts'
import type { Message } from './serializer.ts'

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE'

/** One postgres_changes entry of a join, as the server matches it. */
export interface Binding {
  id: number
  event: ChangeEvent
  schema: string
  /** null: every table of the schema. */
  table: string | null
  filter: Filter | null
}

/**
 * Where a topic's messages go: a private channel and a public one of the same name are separate
 * (as in Supabase Realtime), so a private broadcast never reaches a public subscriber.
 */
export const routeOf = (topic: string, isPrivate: boolean) => (isPrivate ? `private|${topic}` : topic)
/** The wire topic of a route (`realtime:⟨name⟩`). */
export const topicOfRoute = (route: string) => (route.startsWith('private|') ? route.slice(8) : route)

/** A joined topic on one connection. */
export class Channel {
  bindings: Binding[] = []
  presenceEnabled = false
  presenceKey = ''
  broadcastSelf = false
  broadcastAck = false
  /** Joined with `config.private`: authorised by RLS on realtime.messages (authorize-channel.ts). */
  isPrivate = false
  /** A private channel's authorisations for its current token (null on a public channel). */
  policies: ChannelPolicies | null = null
  /** JSON of the claims: subscribers with equal keys share one RLS check per change. */
  claimsKey: string
  #expiryTimer: NodeJS.Timeout | undefined

  readonly connection: Connection
  readonly topic: string
  readonly joinRef: string | null
  caller: Caller
  token: string | undefined

  constructor(
    connection: Connection,
    topic: string,
    joinRef: string | null,
    caller: Caller,
    token: string | undefined,
  ) {
    this.connection = connection
    this.topic = topic
    this.joinRef = joinRef
    this.caller = caller
    this.token = token
    this.claimsKey = JSON.stringify(caller.claims)
  }

  get route(): string {
    return routeOf(this.topic, this.isPrivate)
  }

  /** Whether this member may receive broadcasts (always, on a public channel). */
  get canReadBroadcast(): boolean {
    return this.policies === null || this.policies.broadcastRead
  }

  /** Whether this member may receive presence (always, on a public channel). */
  get canReadPresence(): boolean {
    return this.policies === null || this.policies.presenceRead === true
  }

  /** The channel name the client gave (`realtime:shop-updates` → `shop-updates`). */
  get name(): string {
    return this.topic.slice('realtime:'.length)
  }

  setCaller(caller: Caller, token: string | undefined): void {
    this.caller = caller
    this.token = token
    this.claimsKey = JSON.stringify(caller.claims)
  }

  /** Calls `onExpiry` when the token's `exp` passes without a renewal. */
  armExpiry(expiresAt: number | undefined, onExpiry: () => void): void {
    clearTimeout(this.#expiryTimer)
    this.#expiryTimer = undefined
    if (expiresAt === undefined) return
    // setTimeout cannot wait longer than ~24.8 days; re-arm in steps for far-future keys.
    const wait = Math.max(0, expiresAt - Date.now())
    const step = Math.min(wait, 2 ** 31 - 1)
    this.#expiryTimer = setTimeout(() => {
      if (Date.now() >= expiresAt) onExpiry()
      else this.armExpiry(expiresAt, onExpiry)
    }, step)
    this.#expiryTimer.unref()
  }

  dispose(): void {
    clearTimeout(this.#expiryTimer)
    this.#expiryTimer = undefined
  }

  reply(ref: string | null, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.connection.push({
      joinRef: this.joinRef,
      ref,
      topic: this.topic,
      event: 'phx_reply',
      payload: { status, response },
    })
  }

  system(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): void {
    this.connection.push(this.systemMessage(extension, status, message))
  }

  systemMessage(extension: 'system' | 'postgres_changes', status: 'ok' | 'error', message: string): Message {
    return {
      joinRef: this.joinRef,
      ref: null,
      topic: this.topic,
      event: 'system',
      payload: { extension, status, message, channel: this.name },
    }
  }

  /** Tells the client the server closed the channel (no automatic rejoin). */
  pushClose(): void {
    this.connection.push({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    })
  }
}
