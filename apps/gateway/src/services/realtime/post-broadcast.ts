import type { Context } from 'hono'
import { z } from 'zod'
import { resolveCaller } from '../../http/resolve-caller.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import { relayBroadcast } from './relay-broadcast.ts'

const BroadcastBody = z.object({
  messages: z
    .array(
      z.object({
        topic: z.string().min(1),
        event: z.string().min(1).max(255),
        payload: z.unknown().optional(),
        private: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(100),
})

/**
 * `POST /realtime/v1/api/broadcast` (§6.6): the client's fallback when it sends on a channel that
 * is not joined, and the way server-side code can broadcast. Answers 202 with no body.
 */
export async function postBroadcast(hub: RealtimeHub, c: Context): Promise<Response> {
  const resolved = await resolveCaller(
    { apikey: c.req.header('apikey') ?? c.req.query('apikey'), authorization: c.req.header('authorization') },
    hub.deps.keys,
  )
  if (!resolved.ok) return c.json({ message: resolved.problem.message }, 401)
  const raw = await c.req.json().catch(() => undefined)
  const parsed = BroadcastBody.safeParse(raw)
  if (!parsed.success) {
    return c.json(
      { message: 'Body must be {"messages":[{"topic","event","payload"}]} with 1 to 100 messages' },
      400,
    )
  }
  if (parsed.data.messages.some((m) => m.private === true)) {
    return c.json({ message: 'Private channels are not supported by this server' }, 403)
  }
  for (const message of parsed.data.messages) {
    const sent = relayBroadcast(hub, `realtime:${message.topic}`, {
      event: message.event,
      payload: { json: message.payload ?? {} },
    })
    if (!sent)
      return c.json(
        { message: `Payload too large: messages are limited to ${hub.limits.maxMessageBytes} bytes` },
        413,
      )
  }
  return c.body(null, 202)
}
