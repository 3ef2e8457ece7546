import type { Deps } from '../../deps.ts'
import { ChangeFeed } from './change-feed.ts'
import { type Channel, routeOf, topicOfRoute } from './channel.ts'
import type { Connection } from './connection.ts'
import { deliverChanges } from './deliver-changes.ts'
import { broadcastEvent, InstanceRelay, type RelayReceiver } from './instance-relay.ts'
import { type DatabaseMessage, MessageFeed } from './message-feed.ts'
import { type PresenceMap, PresenceRegistry } from './presence-registry.ts'
import { SYSTEM_MESSAGES } from './realtime-errors.ts'
import { relayBroadcast } from './relay-broadcast.ts'
import type { UserBroadcast } from './serializer.ts'
import { TableColumns } from './table-columns.ts'

export interface RealtimeLimits {
  heartbeatTimeoutMs: number
  maxConnectionsPerIp: number
  maxChannelsPerConnection: number
  maxMessageBytes: number
}

/**
 * The realtime state of one gateway process: its sockets, who is joined to which topic, presence,
 * and the row-change feed. Nothing starts until the first socket connects (no I/O when the app is
 * built); `stop()` closes every socket and stops listening. On PostgreSQL, client broadcasts and
 * presence also travel to and from the other gateway instances on the database (`relay`,
 * decision 026); on PGlite there is one process and they stay in it.
 */
export class RealtimeHub {
  readonly connections = new Set<Connection>()
  /** Joined channels by route (the topic, kept apart for private channels: channel.ts routeOf). */
  readonly topics = new Map<string, Set<Channel>>()
  /** Channels with at least one postgres_changes binding. */
  readonly changeChannels = new Set<Channel>()
  readonly presence = new PresenceRegistry()
  readonly tables: TableColumns
  readonly changeFeed: ChangeFeed
  /** Broadcasts sent from the database with realtime.send(). */
  readonly messageFeed: MessageFeed
  /** Broadcast and presence to and from other instances (PostgreSQL only). */
  readonly relay: InstanceRelay | null
  readonly limits: RealtimeLimits
  readonly #perIp = new Map<string, number>()
  #sweepTimer: NodeJS.Timeout | undefined

  readonly deps: Deps

  constructor(deps: Deps) {
    this.deps = deps
    const { config } = deps
    this.limits = {
      heartbeatTimeoutMs: config.REALTIME_HEARTBEAT_TIMEOUT_MS,
      maxConnectionsPerIp: config.REALTIME_MAX_CONNECTIONS_PER_IP,
      maxChannelsPerConnection: config.REALTIME_MAX_CHANNELS_PER_CONNECTION,
      maxMessageBytes: config.REALTIME_MAX_MESSAGE_BYTES,
    }
    this.tables = new TableColumns(deps.db)
    this.changeFeed = new ChangeFeed(deps.db, deps.logger, (changes) => deliverChanges(this, changes))
    this.messageFeed = new MessageFeed(deps.db, deps.logger, (message) => this.deliverMessage(message))
    this.relay =
      deps.db.kind === 'postgres'
        ? new InstanceRelay(deps.db, deps.logger, this.#relayReceiver(), config.REALTIME_INSTANCE_BEAT_MS)
        : null
  }

  /**
   * A client's broadcast (socket or REST): to this instance's members of the route
   * (relay-broadcast.ts), and to the other instances'. False when too large.
   */
  broadcast(route: string, broadcast: UserBroadcast, sender?: Parameters<typeof relayBroadcast>[3]): boolean {
    const sent = relayBroadcast(this, route, broadcast, sender)
    if (sent) this.relay?.publish(broadcastEvent(route, broadcast))
    return sent
  }

  /** This instance's presence changed: its members and the other instances hear of it. */
  presenceChanged(route: string, joins: PresenceMap, leaves: PresenceMap): void {
    this.pushPresenceDiff(route, joins, leaves)
    this.relay?.publish({ t: 'presence', route, joins, leaves })
  }

  /** Hands what other instances send to this instance's members, exactly as a local message. */
  #relayReceiver(): RelayReceiver {
    const pushDiffs = (diffs: Map<string, { joins: PresenceMap; leaves: PresenceMap }>) => {
      for (const [route, diff] of diffs) this.pushPresenceDiff(route, diff.joins, diff.leaves)
    }
    return {
      broadcast: (route, broadcast) => void relayBroadcast(this, route, broadcast),
      presenceDiff: (origin, route, joins, leaves) => {
        const applied = this.presence.applyRemote(origin, route, joins, leaves)
        if (Object.keys(applied.joins).length > 0 || Object.keys(applied.leaves).length > 0)
          this.pushPresenceDiff(route, applied.joins, applied.leaves)
      },
      presenceState: (origin, routes) => pushDiffs(this.presence.replaceRemote(origin, routes)),
      instanceGone: (origin) => pushDiffs(this.presence.replaceRemote(origin, {})),
      localPresence: () => this.presence.localState(),
    }
  }

  /** A realtime.send() broadcast: to the private or the public channels of its topic, with its id as `meta`. */
  deliverMessage(message: DatabaseMessage): void {
    relayBroadcast(this, routeOf(`realtime:${message.topic}`, message.private), {
      event: message.event,
      payload: { json: message.payload },
      meta: { id: message.id },
    })
  }

  canAdmit(ip: string): boolean {
    return (this.#perIp.get(ip) ?? 0) < this.limits.maxConnectionsPerIp
  }

  register(connection: Connection): void {
    connection.onSlowClient = (slow) =>
      this.deps.logger.warn(
        { ip: slow.ip, connection: slow.id },
        'realtime: dropped a client that could not keep up',
      )
    this.connections.add(connection)
    this.#perIp.set(connection.ip, (this.#perIp.get(connection.ip) ?? 0) + 1)
    this.#sweepTimer ??= this.#startSweep()
  }

  unregister(connection: Connection): void {
    if (!this.connections.delete(connection)) return
    const count = (this.#perIp.get(connection.ip) ?? 1) - 1
    if (count <= 0) this.#perIp.delete(connection.ip)
    else this.#perIp.set(connection.ip, count)
    for (const channel of [...connection.channels.values()]) this.removeChannel(channel)
    if (this.connections.size === 0) {
      clearInterval(this.#sweepTimer)
      this.#sweepTimer = undefined
    }
  }

  addChannel(channel: Channel): void {
    const previous = channel.connection.channels.get(channel.topic)
    // A second join of the same topic on the same socket replaces the first (§6.4).
    if (previous) this.removeChannel(previous)
    channel.connection.channels.set(channel.topic, channel)
    const members = this.topics.get(channel.route) ?? new Set()
    members.add(channel)
    this.topics.set(channel.route, members)
    if (channel.bindings.length > 0) this.changeChannels.add(channel)
  }

  /** Forgets a channel; tracked presence leaves for everyone else. */
  removeChannel(channel: Channel): void {
    channel.dispose()
    if (channel.connection.channels.get(channel.topic) === channel) {
      channel.connection.channels.delete(channel.topic)
    }
    this.changeChannels.delete(channel)
    const members = this.topics.get(channel.route)
    if (members) {
      members.delete(channel)
      if (members.size === 0) this.topics.delete(channel.route)
    }
    const leaves = this.presence.untrack(channel)
    if (leaves) this.presenceChanged(channel.route, {}, leaves)
  }

  /**
   * Sends a presence diff to every channel of the route that has presence on (on a private
   * channel, only to members whose policies let them read presence); this instance only.
   */
  pushPresenceDiff(route: string, joins: PresenceMap, leaves: PresenceMap): void {
    const members = this.topics.get(route)
    if (!members) return
    const topic = topicOfRoute(route)
    const encoded = new Map<string, Buffer>()
    for (const member of members) {
      if (!member.presenceEnabled || !member.canReadPresence) continue
      const vsn = member.connection.vsn
      let frame = encoded.get(vsn)
      if (!frame) {
        const text =
          vsn === '2.0.0'
            ? JSON.stringify([null, null, topic, 'presence_diff', { joins, leaves }])
            : JSON.stringify({
                join_ref: null,
                ref: null,
                topic,
                event: 'presence_diff',
                payload: { joins, leaves },
              })
        frame = Buffer.from(text)
        encoded.set(vsn, frame)
      }
      member.connection.sendText(frame)
    }
  }

  /** Closes every socket (after a "Server requested disconnect" notice) and stops the change feed. */
  async stop(): Promise<void> {
    for (const connection of [...this.connections]) {
      for (const channel of connection.channels.values()) {
        channel.system('system', 'ok', SYSTEM_MESSAGES.ServerDisconnect())
      }
      connection.close(1001, 'server shutting down')
      this.unregister(connection)
    }
    clearInterval(this.#sweepTimer)
    this.#sweepTimer = undefined
    await this.relay?.stop()
    await this.changeFeed.stop()
    await this.messageFeed.stop()
  }

  /** Drops sockets that sent nothing (not even a heartbeat) for longer than the timeout. */
  #startSweep(): NodeJS.Timeout {
    const every = Math.max(50, Math.min(5_000, Math.floor(this.limits.heartbeatTimeoutMs / 4)))
    const timer = setInterval(() => {
      const cutoff = Date.now() - this.limits.heartbeatTimeoutMs
      for (const connection of [...this.connections]) {
        if (connection.lastSeen < cutoff) {
          this.deps.logger.debug({ connection: connection.id }, 'realtime: dropping a silent socket')
          connection.terminate()
          this.unregister(connection)
        }
      }
    }, every)
    timer.unref()
    return timer
  }
}
