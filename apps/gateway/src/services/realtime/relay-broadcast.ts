import { type Channel, topicOfRoute } from './channel.ts'
import { CHANNEL_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import { broadcastSize, encodeBroadcast, type UserBroadcast } from './serializer.ts'

/**
 * Fans a user broadcast out to every channel joined to the route (§6.6; `routeOf(topic, private)`):
 * to the sender too only when it joined with `self`, on a private route only to members whose
 * policies let them read broadcasts, and an `ack` reply when the sender asked for one. Each frame
 * is encoded once and the same bytes go to every socket: binary kind 4 for vsn 2.0.0, a JSON text
 * frame for vsn 1.0.0 (which cannot carry raw-byte payloads). Returns false when too large.
 */
export function relayBroadcast(
  hub: RealtimeHub,
  route: string,
  broadcast: UserBroadcast,
  sender?: { channel: Channel; ref: string | null },
): boolean {
  const size = broadcastSize(broadcast)
  if (size > hub.limits.maxMessageBytes) {
    if (sender?.channel.broadcastAck) {
      sender.channel.reply(sender.ref, 'error', {
        reason: CHANNEL_ERRORS.PayloadTooLarge(hub.limits.maxMessageBytes),
      })
    }
    return false
  }
  const topic = topicOfRoute(route)
  let binary: Uint8Array | undefined
  let json: Buffer | undefined
  for (const member of hub.topics.get(route) ?? []) {
    if (member === sender?.channel && !member.broadcastSelf) continue
    if (!member.canReadBroadcast) continue
    if (member.connection.vsn === '2.0.0') {
      binary ??= encodeBroadcast(topic, broadcast)
      member.connection.sendBinary(binary)
    } else if ('json' in broadcast.payload) {
      json ??= Buffer.from(
        JSON.stringify({
          join_ref: null,
          ref: null,
          topic,
          event: 'broadcast',
          payload: {
            type: 'broadcast',
            event: broadcast.event,
            payload: broadcast.payload.json,
            ...(broadcast.meta ? { meta: broadcast.meta } : {}),
          },
        }),
      )
      member.connection.sendText(json)
    }
  }
  if (sender?.channel.broadcastAck) sender.channel.reply(sender.ref, 'ok', {})
  return true
}
