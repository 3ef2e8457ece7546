import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { type Extension, isDatabaseError, readAuthorizations } from './authorize-channel.ts'
import { type Binding, type ChangeEvent, Channel } from './channel.ts'
import type { Connection } from './connection.ts'
import { parseFilter } from './parse-filter.ts'
import { CHANNEL_ERRORS, SYSTEM_MESSAGES } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import type { Message } from './serializer.ts'
import { verifyAccessToken } from './verify-access-token.ts'

// Tolerant on purpose (§6.4): the app's own config objects replace the defaults, so any key may
// be missing; postgres_changes entries keep unknown keys because the reply echoes them as sent.
const JoinPayload = z.object({
  config: z
    .object({
      broadcast: z
        .object({ ack: z.boolean().optional(), self: z.boolean().optional(), replay: z.unknown().optional() })
        .loose()
        .optional(),
      presence: z.object({ key: z.string().optional(), enabled: z.boolean().optional() }).loose().optional(),
      postgres_changes: z
        .array(
          z
            .object({
              event: z.string(),
              schema: z.string().optional(),
              table: z.string().optional(),
              filter: z.string().optional(),
            })
            .loose(),
        )
        .optional(),
      private: z.boolean().optional(),
    })
    .loose()
    .optional(),
  access_token: z.string().optional(),
})

const EVENTS = new Set<string>(['*', 'INSERT', 'UPDATE', 'DELETE'])
const isChangeEvent = (event: string): event is ChangeEvent => EVENTS.has(event)

// Binding ids only need to be unique per channel; one counter for the process is simplest.
let nextBindingId = 1

/** `phx_join` (docs/protocol/realtime.md §6.4). */
export async function joinChannel(hub: RealtimeHub, connection: Connection, message: Message): Promise<void> {
  const { topic, ref } = message
  const joinRef = message.joinRef ?? ref
  const refuse = (reason: string) =>
    connection.push({
      joinRef,
      ref,
      topic,
      event: 'phx_reply',
      payload: { status: 'error', response: { reason } },
    })

  if (topic === 'realtime:') return refuse(CHANNEL_ERRORS.TopicNameRequired())
  const parsed = JoinPayload.safeParse(message.payload)
  if (!parsed.success) return refuse(CHANNEL_ERRORS.UnknownEvent('phx_join with an invalid payload'))
  const { config = {}, access_token: accessToken } = parsed.data
  // Message history is not kept: a replay request is refused rather than silently answered empty.
  if (config.broadcast?.replay !== undefined) return refuse(CHANNEL_ERRORS.ReplayUnsupported())
  if (!connection.channels.has(topic) && connection.channels.size >= hub.limits.maxChannelsPerConnection) {
    return refuse(CHANNEL_ERRORS.ChannelRateLimitReached(hub.limits.maxChannelsPerConnection))
  }

  let caller = connection.apikeyCaller
  let expiresAt: number | undefined
  let token: string | undefined
  // A key starting `sb_` means "use the connection's apikey" (§6.4).
  if (accessToken !== undefined && !accessToken.startsWith('sb_')) {
    const check = await verifyAccessToken(accessToken, hub.deps.keys)
    if (!check.ok) return refuse(check.reason)
    caller = check.caller
    expiresAt = check.expiresAt
    token = accessToken
  }
  const channel = new Channel(connection, topic, joinRef, caller, token)
  channel.broadcastAck = config.broadcast?.ack === true
  channel.broadcastSelf = config.broadcast?.self === true
  channel.presenceKey = config.presence?.key || randomUUID()
  channel.presenceEnabled = config.presence?.enabled === true

  // Private channels (Realtime Authorization): the caller may join if RLS on realtime.messages
  // lets them read broadcasts or presence of this topic (authorize-channel.ts).
  if (config.private === true) {
    channel.isPrivate = true
    const refusal = await authorizeRead(hub, channel)
    if (refusal !== null) return refuse(refusal)
  }

  const entries = config.postgres_changes ?? []
  const problems: string[] = []
  const echoed: Record<string, unknown>[] = []
  for (const entry of entries) {
    const id = nextBindingId++
    echoed.push({ ...entry, id })
    const schema = entry.schema ?? 'public'
    const table = entry.table === undefined || entry.table === '*' ? null : entry.table
    const event = entry.event.toUpperCase()
    const filter = parseFilter(entry.filter)
    if (!isChangeEvent(event)) {
      problems.push(
        SYSTEM_MESSAGES.FilterParseError(`event ${entry.event} is not one of *, INSERT, UPDATE, DELETE`),
      )
      continue
    }
    if (!filter.ok) {
      problems.push(SYSTEM_MESSAGES.FilterParseError(filter.message))
      continue
    }
    if (table !== null) {
      const info = await hub.tables.get(schema, table)
      if (!info) {
        problems.push(SYSTEM_MESSAGES.UnknownTable(schema, table))
        continue
      }
      if (filter.filter && !info.typeOf.has(filter.filter.column)) {
        problems.push(
          SYSTEM_MESSAGES.FilterParseError(
            `column ${filter.filter.column} does not exist in ${schema}.${table}`,
          ),
        )
        continue
      }
    } else if (filter.filter) {
      problems.push(SYSTEM_MESSAGES.FilterParseError('a filter needs a table'))
      continue
    }
    const binding: Binding = { id, event, schema, table, filter: filter.filter }
    channel.bindings.push(binding)
  }
  // Listen before answering, so that no change (or realtime.send broadcast) committed after the
  // reply can be missed.
  if (channel.bindings.length > 0) await hub.changeFeed.start()
  await hub.messageFeed.start()
  // Other instances' broadcasts and presence (PostgreSQL): heard before the join is answered.
  await hub.relay?.start()
  if (connection.closed) return

  hub.addChannel(channel)
  channel.reply(ref, 'ok', { postgres_changes: echoed })
  if (entries.length > 0) {
    if (problems.length === 0)
      channel.system('postgres_changes', 'ok', SYSTEM_MESSAGES.SubscribedToPostgres())
    else channel.system('postgres_changes', 'error', problems.join('; '))
  }
  if (channel.presenceEnabled && channel.canReadPresence) {
    connection.push({
      joinRef,
      ref: null,
      topic,
      event: 'presence_state',
      payload: hub.presence.state(channel.route),
    })
  }
  channel.armExpiry(expiresAt, () => expireChannel(hub, channel))
}

/**
 * Reads a private channel's read authorisations for its caller (presence only when enabled, as
 * Supabase checks it); null when the join may go on, else the refusal's reason. A policy that
 * fails counts as a refusal.
 */
export async function authorizeRead(hub: RealtimeHub, channel: Channel): Promise<string | null> {
  const extensions: Extension[] = channel.presenceEnabled ? ['broadcast', 'presence'] : ['broadcast']
  try {
    const read = await readAuthorizations(hub.deps.db, channel.caller, channel.name, extensions)
    channel.policies = {
      broadcastRead: read.broadcast === true,
      presenceRead: read.presence,
      broadcastWrite: null,
      presenceWrite: null,
    }
  } catch (error) {
    hub.deps.logger.warn({ err: error, topic: channel.name }, 'realtime: read authorisation check failed')
    return isDatabaseError(error)
      ? CHANNEL_ERRORS.Unauthorized(channel.name)
      : CHANNEL_ERRORS.UnableToAuthorize()
  }
  const { broadcastRead, presenceRead } = channel.policies
  return broadcastRead || presenceRead === true ? null : CHANNEL_ERRORS.Unauthorized(channel.name)
}

/** The token ran out without a renewal: tell the client and close the channel (§6.8). */
export function expireChannel(hub: RealtimeHub, channel: Channel, secondsAgo = 0): void {
  channel.system('system', 'error', SYSTEM_MESSAGES.TokenExpired(secondsAgo))
  channel.pushClose()
  hub.removeChannel(channel)
}
