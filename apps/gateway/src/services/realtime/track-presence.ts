import { z } from 'zod'
import type { Channel } from './channel.ts'
import { CHANNEL_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'

const PresencePush = z.object({
  type: z.literal('presence').optional(),
  event: z.enum(['track', 'untrack']),
  payload: z.unknown().optional(),
})
const Meta = z.record(z.string(), z.unknown())

/** `presence` track / untrack (§6.7); every presence-enabled channel of the topic gets the diff. */
export function trackPresence(
  hub: RealtimeHub,
  channel: Channel,
  ref: string | null,
  payload: unknown,
): void {
  const push = PresencePush.safeParse(payload)
  if (!push.success) {
    channel.reply(ref, 'error', { reason: CHANNEL_ERRORS.UnknownEvent('presence') })
    return
  }
  if (push.data.event === 'untrack') {
    const leaves = hub.presence.untrack(channel)
    if (leaves) hub.pushPresenceDiff(channel.topic, {}, leaves)
    channel.reply(ref, 'ok', {})
    return
  }
  const meta = Meta.safeParse(push.data.payload ?? {})
  if (!meta.success) {
    channel.reply(ref, 'error', { reason: CHANNEL_ERRORS.PresencePayloadNotMap() })
    return
  }
  // Presence lives in memory: bound each entry like a broadcast.
  if (Buffer.byteLength(JSON.stringify(meta.data)) > hub.limits.maxMessageBytes) {
    channel.reply(ref, 'error', { reason: CHANNEL_ERRORS.PayloadTooLarge(hub.limits.maxMessageBytes) })
    return
  }
  if (!channel.presenceEnabled) {
    // Tracking on a channel joined without presence turns it on; the client needs the state first.
    channel.presenceEnabled = true
    channel.connection.push({
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'presence_state',
      payload: hub.presence.state(channel.topic),
    })
  }
  const diff = hub.presence.track(channel, channel.presenceKey, meta.data)
  channel.reply(ref, 'ok', {})
  if (diff) hub.pushPresenceDiff(channel.topic, diff.joins, diff.leaves)
}
