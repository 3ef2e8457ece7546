import type { Context } from 'hono'
import { z } from 'zod'
import { jsonBodyReader } from '../../http/json-body.ts'
import { resolveCaller } from '../../http/resolve-caller.ts'
import { writeAuthorization } from './authorize-channel.ts'
import { routeOf } from './channel.ts'
import { API_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'

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
 * is not joined, and the way server-side code can broadcast. Messages marked `private` reach the
 * private channels of their topic when the caller may write there. Answers 202 with no body.
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
    hub.deps.config,
  ).read(c, BroadcastBody)
  // A private message goes out only if the caller's INSERT policies on realtime.messages allow
  // broadcasting to its topic (checked once per topic); the others are dropped, and the answer is
  // still 202, as Supabase Realtime answers.
  const allowed = new Map<string, Promise<boolean>>()
  const mayBroadcast = (topic: string) => {
    let check = allowed.get(topic)
    if (!check) {
      check = writeAuthorization(hub.deps.db, resolved.caller, topic, 'broadcast').catch((error) => {
        hub.deps.logger.warn({ err: error, topic }, 'realtime: write authorisation check failed')
        return false
      })
      allowed.set(topic, check)
    }
    return check
  }
  for (const message of messages) {
    const isPrivate = message.private === true
    if (isPrivate && !(await mayBroadcast(message.topic))) continue
    const sent = hub.broadcast(routeOf(`realtime:${message.topic}`, isPrivate), {
      event: message.event,
      payload: { json: message.payload ?? {} },
    })
    if (!sent) throw API_ERRORS.PayloadTooLarge(hub.limits.maxMessageBytes)
  }
  return c.body(null, 202)
}
