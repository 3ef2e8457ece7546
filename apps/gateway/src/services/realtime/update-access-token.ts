import { z } from 'zod'
import type { Channel } from './channel.ts'
import { authorizeRead, expireChannel } from './join-channel.ts'
import { SYSTEM_MESSAGES } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import { verifyAccessToken } from './verify-access-token.ts'

const AccessTokenPayload = z.object({ access_token: z.string() })

/**
 * `access_token` on a joined channel (§6.8): from now on the channel's RLS checks use the new
 * claims. The same token or an `sb_` key is ignored; an invalid or expired one closes the channel
 * after a system error. A private channel's policies are checked again for the new token, and a
 * read permission it loses closes the channel. No reply: the client ignores it.
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
  if (channel.isPrivate && channel.policies) {
    // The new token's policies replace the old ones; losing read access closes the channel.
    const before = channel.policies
    const refusal = await authorizeRead(hub, channel)
    const after = channel.policies
    const revoked =
      refusal !== null ||
      (before.broadcastRead && !after.broadcastRead) ||
      (before.presenceRead === true && after.presenceRead === false)
    if (revoked) {
      channel.system('system', 'error', SYSTEM_MESSAGES.ReadRevoked(channel.name))
      channel.pushClose()
      hub.removeChannel(channel)
      return
    }
  }
  channel.armExpiry(check.expiresAt, () => expireChannel(hub, channel))
}
