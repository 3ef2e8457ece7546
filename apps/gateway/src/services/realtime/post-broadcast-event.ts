import type { Context } from 'hono'
import { z } from 'zod'
import { resolveCaller } from '../../http/resolve-caller.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import { relayBroadcast } from './relay-broadcast.ts'
import type { UserBroadcast } from './serializer.ts'

const Params = z.object({ topic: z.string().min(1).max(246), event: z.string().min(1).max(255) })

/**
 * `POST /realtime/v1/api/broadcast/⟨topic⟩/events/⟨event⟩` — realtime-js `httpSend()` (§6.6):
 * the body is the payload, JSON or raw bytes (`application/octet-stream`). Answers 202.
 */
export async function postBroadcastEvent(hub: RealtimeHub, c: Context): Promise<Response> {
  const resolved = await resolveCaller(
    { apikey: c.req.header('apikey') ?? c.req.query('apikey'), authorization: c.req.header('authorization') },
    hub.deps.keys,
  )
  if (!resolved.ok) return c.json({ message: resolved.problem.message }, 401)
  const params = Params.safeParse({ topic: c.req.param('topic'), event: c.req.param('event') })
  if (!params.success) return c.json({ message: 'Topic and event must be 1 to 255 bytes' }, 400)
  if (c.req.query('private') === 'true') {
    return c.json({ message: 'Private channels are not supported by this server' }, 403)
  }
  const limit = hub.limits.maxMessageBytes
  const declared = Number(c.req.header('content-length') ?? '0')
  const tooLarge = () => c.json({ message: `Payload too large: messages are limited to ${limit} bytes` }, 413)
  if (declared > limit) return tooLarge()
  const bytes = new Uint8Array(await c.req.arrayBuffer())
  if (bytes.length > limit) return tooLarge()
  let payload: UserBroadcast['payload']
  if ((c.req.header('content-type') ?? '').startsWith('application/octet-stream')) payload = { bytes }
  else {
    try {
      payload = { json: JSON.parse(new TextDecoder().decode(bytes)) }
    } catch {
      return c.json({ message: 'Body must be JSON (or application/octet-stream bytes)' }, 400)
    }
  }
  relayBroadcast(hub, `realtime:${params.data.topic}`, { event: params.data.event, payload })
  return c.body(null, 202)
}
