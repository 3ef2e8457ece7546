import type { Context } from 'hono'
import { z } from 'zod'
import { jsonBodyReader } from '../../http/json-body.ts'
import { readLimitedBody } from '../../http/read-limited-body.ts'
import { resolveCaller } from '../../http/resolve-caller.ts'
import { writeAuthorization } from './authorize-channel.ts'
import { routeOf } from './channel.ts'
import { API_ERRORS } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'
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
  if (!resolved.ok) throw API_ERRORS.Unauthorized(resolved.problem.message)
  const params = Params.safeParse({ topic: c.req.param('topic'), event: c.req.param('event') })
  if (!params.success) throw API_ERRORS.InvalidTopic()
  const isPrivate = c.req.query('private') === 'true'
  // Message history (replay) is not kept, so a message to be stored is refused, not sent unstored.
  if (c.req.query('persist') !== undefined || c.req.query('persist[ttl]') !== undefined)
    throw API_ERRORS.PersistUnsupported()
  const limit = hub.limits.maxMessageBytes
  let payload: UserBroadcast['payload']
  if ((c.req.header('content-type') ?? '').startsWith('application/octet-stream')) {
    payload = {
      bytes: (await readLimitedBody(c.req.raw, limit, API_ERRORS.PayloadTooLarge)) ?? new Uint8Array(),
    }
  } else {
    const json = await jsonBodyReader(
      {
        tooLarge: API_ERRORS.PayloadTooLarge,
        malformed: API_ERRORS.NotJson,
        tooDeep: API_ERRORS.TooDeep,
        invalid: API_ERRORS.NotJson,
      },
      hub.deps.config,
      { limitBytes: limit },
    ).readValue(c)
    payload = { json }
  }
  // Private: only when the caller's INSERT policies allow it; dropped otherwise (still 202).
  if (isPrivate) {
    const allowed = await writeAuthorization(
      hub.deps.db,
      resolved.caller,
      params.data.topic,
      'broadcast',
    ).catch((error) => {
      hub.deps.logger.warn({ err: error }, 'realtime: write authorisation check failed')
      return false
    })
    if (!allowed) return c.body(null, 202)
  }
  hub.broadcast(routeOf(`realtime:${params.data.topic}`, isPrivate), {
    event: params.data.event,
    payload,
  })
  return c.body(null, 202)
}
