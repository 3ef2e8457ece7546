import type { Channel } from './channel.ts'
import type { RealtimeHub } from './realtime-hub.ts'

/** `phx_leave` (§6.9): reply ok, then phx_close, and forget the channel. */
export function leaveChannel(hub: RealtimeHub, channel: Channel, ref: string | null): void {
  channel.reply(ref, 'ok', {})
  channel.pushClose()
  hub.removeChannel(channel)
}
