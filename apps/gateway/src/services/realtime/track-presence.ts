import { z } from 'zod'
import { mayWrite, readAuthorizations } from './authorize-channel.ts'
import type { Channel } from './channel.ts'
import { CHANNEL_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'

const PresencePush = z.object({
  type: z.literal('presence').optional(),
  event: z.enum(['track', 'untrack']),
  payload: z.unknown().optional(),
})
const Meta = z.record(z.string(), z.unknown())

/**
 * `presence` track / untrack (§6.7); every presence-enabled channel of the topic gets the diff. On
 * a private channel, tracking needs the INSERT policies for presence (refused: an error reply with
 * an empty response, as Supabase Realtime answers), and the state and diffs go only to members
 * whose SELECT policies let them read presence.
 */
export async function trackPresence(
  hub: RealtimeHub,
  channel: Channel,
  ref: string | null,
  payload: unknown,
): Promise<void> {
  const push = PresencePush.safeParse(payload)
  if (!push.success) {
    channel.reply(ref, 'error', { reason: CHANNEL_ERRORS.UnknownEvent('presence') })
    return
  }
  if (push.data.event === 'untrack') {
    const leaves = hub.presence.untrack(channel)
    if (leaves) hub.presenceChanged(channel.route, {}, leaves)
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
  const policies = channel.policies
  if (policies !== null) {
    if (policies.presenceRead === null) {
      // Presence was off at join: its read authorisation is checked now, as Supabase does.
      try {
        const read = await readAuthorizations(hub.deps.db, channel.caller, channel.name, ['presence'])
        policies.presenceRead = read.presence === true
      } catch (error) {
        hub.deps.logger.warn({ err: error, topic: channel.name }, 'realtime: read authorisation check failed')
        policies.presenceRead = false
      }
    }
    if (!(await mayWrite(hub.deps.db, hub.deps.logger, channel, 'presence'))) {
      channel.reply(ref, 'error', {})
      return
    }
  }
  if (!channel.presenceEnabled) {
    // Tracking on a channel joined without presence turns it on; the client needs the state first.
    channel.presenceEnabled = true
    if (channel.canReadPresence) {
      channel.connection.push({
        joinRef: channel.joinRef,
        ref: null,
        topic: channel.topic,
        event: 'presence_state',
        payload: hub.presence.state(channel.route),
      })
    }
  }
  const diff = hub.presence.track(channel, channel.presenceKey, meta.data)
  channel.reply(ref, 'ok', {})
  if (diff) hub.presenceChanged(channel.route, diff.joins, diff.leaves)
}
