import { z } from 'zod'
import { mayWrite } from './authorize-channel.ts'
import type { Channel } from './channel.ts'
import type { Connection } from './connection.ts'
import { joinChannel } from './join-channel.ts'
import { leaveChannel } from './leave-channel.ts'
import { CHANNEL_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import { decodeFrame, FrameError, type Message, type UserBroadcast } from './serializer.ts'
import { trackPresence } from './track-presence.ts'
import { updateAccessToken } from './update-access-token.ts'

const JsonBroadcast = z.object({
  type: z.literal('broadcast').optional(),
  event: z.string(),
  payload: z.unknown(),
})

/** Handles one inbound frame of a connection (frames of one connection are handled in order). */
export async function handleFrame(
  hub: RealtimeHub,
  connection: Connection,
  data: string | ArrayBuffer,
): Promise<void> {
  connection.lastSeen = Date.now()
  let inbound: ReturnType<typeof decodeFrame>
  try {
    inbound = decodeFrame(data, connection.vsn)
  } catch (error) {
    if (!(error instanceof FrameError)) throw error
    hub.deps.logger.debug(
      { connection: connection.id, err: error },
      'realtime: ignoring an undecodable frame',
    )
    return
  }

  if (inbound.kind === 'broadcast') {
    const channel = connection.channels.get(inbound.topic)
    if (!channel) return replyUnmatched(connection, inbound)
    return sendBroadcast(hub, channel, inbound.broadcast, inbound.ref)
  }

  const message = inbound.message
  if (message.topic === 'phoenix') {
    if (message.event === 'heartbeat') {
      connection.push({
        joinRef: null,
        ref: message.ref,
        topic: 'phoenix',
        event: 'phx_reply',
        payload: { status: 'ok', response: {} },
      })
    }
    return
  }
  if (!message.topic.startsWith('realtime:')) return replyUnmatched(connection, message)
  if (message.event === 'phx_join') return joinChannel(hub, connection, message)

  const channel = connection.channels.get(message.topic)
  // A push for a channel that is not joined (or for an older join of it) has nowhere to go.
  if (!channel || (message.joinRef !== null && message.joinRef !== channel.joinRef)) {
    return replyUnmatched(connection, message)
  }
  switch (message.event) {
    case 'phx_leave':
      return leaveChannel(hub, channel, message.ref)
    case 'access_token':
      return updateAccessToken(hub, channel, message.payload)
    case 'broadcast': {
      const parsed = JsonBroadcast.safeParse(message.payload)
      if (!parsed.success) {
        channel.reply(message.ref, 'error', {
          reason: CHANNEL_ERRORS.UnknownEvent('broadcast without an event'),
        })
        return
      }
      return sendBroadcast(
        hub,
        channel,
        { event: parsed.data.event, payload: { json: parsed.data.payload ?? {} } },
        message.ref,
      )
    }
    case 'presence':
      return trackPresence(hub, channel, message.ref, message.payload)
    default:
      channel.reply(message.ref, 'error', { reason: CHANNEL_ERRORS.UnknownEvent(message.event) })
  }
}

/**
 * A client's broadcast. On a private channel it goes out only if the INSERT policies let this
 * member send; otherwise it is dropped without a reply, as Supabase Realtime drops it.
 */
async function sendBroadcast(
  hub: RealtimeHub,
  channel: Channel,
  broadcast: UserBroadcast,
  ref: string | null,
) {
  if (!(await mayWrite(hub.deps.db, hub.deps.logger, channel, 'broadcast'))) return
  hub.broadcast(channel.route, broadcast, { channel, ref })
}

function replyUnmatched(connection: Connection, m: Pick<Message, 'joinRef' | 'ref' | 'topic'>): void {
  if (m.ref === null) return
  connection.push({
    joinRef: m.joinRef,
    ref: m.ref,
    topic: m.topic,
    event: 'phx_reply',
    payload: { status: 'error', response: { reason: CHANNEL_ERRORS.UnmatchedTopic() } },
  })
}
