import type { Context } from 'hono'
import { z } from 'zod'
import { jsonBodyReader } from '../../http/json-body.ts'
import { resolveCaller } from '../../http/resolve-caller.ts'
import { API_ERRORS } from './realtime-errors.ts'
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
  if (!resolved.ok) throw API_ERRORS.Unauthorized(resolved.problem.message)
  const { messages } = await jsonBodyReader(
    {
      tooLarge: API_ERRORS.RequestTooLarge,
      malformed: API_ERRORS.InvalidBody,
      tooDeep: API_ERRORS.TooDeep,
      invalid: API_ERRORS.InvalidBody,
    },
    { limitBytes: hub.deps.config.JSON_BODY_LIMIT_BYTES, maxDepth: hub.deps.config.JSON_MAX_DEPTH },
  ).read(c, BroadcastBody)
  if (messages.some((m) => m.private === true)) throw API_ERRORS.PrivateChannelsUnsupported()
  for (const message of messages) {
    const sent = relayBroadcast(hub, `realtime:${message.topic}`, {
      event: message.event,
      payload: { json: message.payload ?? {} },
    })
    if (!sent) throw API_ERRORS.PayloadTooLarge(hub.limits.maxMessageBytes)
  }
  return c.body(null, 202)
}
