import { z } from 'zod'
import type { Channel } from './channel.ts'
import { expireChannel } from './join-channel.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import { verifyAccessToken } from './verify-access-token.ts'

const AccessTokenPayload = z.object({ access_token: z.string() })

/**
 * `access_token` on a joined channel (§6.8): from now on the channel's RLS checks use the new
 * claims. The same token or an `sb_` key is ignored; an invalid or expired one closes the channel
 * after a system error. No reply: the client ignores it.
 */
export async function updateAccessToken(hub: RealtimeHub, channel: Channel, payload: unknown): Promise<void> {
  const parsed = AccessTokenPayload.safeParse(payload)
  if (!parsed.success) return
  const token = parsed.data.access_token
  if (token === channel.token || token.startsWith('sb_')) return
  const check = await verifyAccessToken(token, hub.deps.keys)
  if (!check.ok) {
    channel.system('system', 'error', check.message)
    channel.pushClose()
    hub.removeChannel(channel)
    return
  }
  channel.setCaller(check.caller, token)
  channel.armExpiry(check.expiresAt, () => expireChannel(hub, channel))
}
