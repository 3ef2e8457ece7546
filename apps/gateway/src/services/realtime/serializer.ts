import { z } from 'zod'

/**
 * The Phoenix serializer of realtime-js (docs/protocol/realtime.md §6.2): text frames are JSON arrays
 * `[join_ref, ref, topic, event, payload]` (vsn 2.0.0) or objects (vsn 1.0.0); user broadcasts
 * arrive as binary kind 3 and may leave as binary kind 4. No other binary kind is ever sent.
 */
export type Vsn = '1.0.0' | '2.0.0'

export interface Message {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: Record<string, unknown>
}

/** A user broadcast in transit, kept in the encoding it arrived in so it can be relayed as is. */
export interface UserBroadcast {
  event: string
  /** JSON payload (`enc` 1) or raw bytes (`enc` 0). */
  payload: { json: unknown } | { bytes: Uint8Array }
  /** Server metadata the client shows as `meta` (a database broadcast's `{id}`). */
  meta?: Record<string, unknown>
}

export type Inbound =
  | { kind: 'message'; message: Message }
  | { kind: 'broadcast'; joinRef: string | null; ref: string | null; topic: string; broadcast: UserBroadcast }

const ref = z
  .union([z.string(), z.number().transform(String)])
  .nullable()
  .catch(null)
const payload = z.record(z.string(), z.unknown())
const ArrayFrame = z.tuple([ref, ref, z.string(), z.string(), payload])
const ObjectFrame = z.object({
  join_ref: ref.optional(),
  ref: ref.optional(),
  topic: z.string(),
  event: z.string(),
  payload,
})

const KIND_BROADCAST_PUSH = 3
const KIND_BROADCAST = 4
const ENC_BYTES = 0
const ENC_JSON = 1

export class FrameError extends Error {}

/** Parses one inbound frame; throws FrameError for anything the protocol does not define. */
export function decodeFrame(data: string | ArrayBuffer, vsn: Vsn): Inbound {
  if (typeof data !== 'string') return decodeBroadcastPush(new Uint8Array(data))
  let json: unknown
  try {
    json = JSON.parse(data)
  } catch {
    throw new FrameError('frame is not JSON')
  }
  if (vsn === '2.0.0') {
    const parsed = ArrayFrame.safeParse(json)
    if (!parsed.success) throw new FrameError('frame is not [join_ref, ref, topic, event, payload]')
    const [joinRef, msgRef, topic, event, body] = parsed.data
    return { kind: 'message', message: { joinRef, ref: msgRef, topic, event, payload: body } }
  }
  const parsed = ObjectFrame.safeParse(json)
  if (!parsed.success) throw new FrameError('frame is not {join_ref, ref, topic, event, payload}')
  const { join_ref, ref: msgRef, topic, event, payload: body } = parsed.data
  return {
    kind: 'message',
    message: { joinRef: join_ref ?? null, ref: msgRef ?? null, topic, event, payload: body },
  }
}

function decodeBroadcastPush(bytes: Uint8Array): Inbound {
  if (bytes.length < 7 || bytes[0] !== KIND_BROADCAST_PUSH) throw new FrameError('unknown binary frame kind')
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, enc] = bytes.subarray(1, 7)
  let offset = 7
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const take = (length: number) => {
    if (offset + length > bytes.length) throw new FrameError('binary frame is truncated')
    const part = bytes.subarray(offset, offset + length)
    offset += length
    return part
  }
  try {
    const joinRef = decoder.decode(take(joinRefLen))
    const msgRef = decoder.decode(take(refLen))
    const topic = decoder.decode(take(topicLen))
    const event = decoder.decode(take(eventLen))
    take(metaLen) // client metadata ({"persist":…}): message history is not kept, so it is unused
    const body = bytes.subarray(offset)
    let broadcastPayload: UserBroadcast['payload']
    if (enc === ENC_JSON) broadcastPayload = { json: JSON.parse(decoder.decode(body)) }
    else if (enc === ENC_BYTES) broadcastPayload = { bytes: body.slice() }
    else throw new FrameError('unknown payload encoding')
    return {
      kind: 'broadcast',
      joinRef: joinRef === '' ? null : joinRef,
      ref: msgRef === '' ? null : msgRef,
      topic,
      broadcast: { event, payload: broadcastPayload },
    }
  } catch (error) {
    if (error instanceof FrameError) throw error
    throw new FrameError('binary frame is not valid UTF-8 / JSON')
  }
}

/** One outbound text frame. */
export function encodeMessage(message: Message, vsn: Vsn): string {
  if (vsn === '2.0.0') {
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload])
  }
  return JSON.stringify({
    join_ref: message.joinRef,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  })
}

/** Binary kind 4 (server → client user broadcast), same payload encoding as received. */
export function encodeBroadcast(topic: string, broadcast: UserBroadcast): Uint8Array {
  const encoder = new TextEncoder()
  const topicBytes = encoder.encode(topic)
  const eventBytes = encoder.encode(broadcast.event)
  if (topicBytes.length > 255 || eventBytes.length > 255) {
    throw new FrameError('topic and event must be at most 255 bytes')
  }
  const isJson = 'json' in broadcast.payload
  const body =
    'json' in broadcast.payload
      ? encoder.encode(JSON.stringify(broadcast.payload.json ?? {}))
      : broadcast.payload.bytes
  const meta = broadcast.meta ? encoder.encode(JSON.stringify(broadcast.meta)) : new Uint8Array()
  if (meta.length > 255) throw new FrameError('metadata must be at most 255 bytes')
  const head = 5 + topicBytes.length + eventBytes.length
  const out = new Uint8Array(head + meta.length + body.length)
  out.set(
    [KIND_BROADCAST, topicBytes.length, eventBytes.length, meta.length, isJson ? ENC_JSON : ENC_BYTES],
    0,
  )
  out.set(topicBytes, 5)
  out.set(eventBytes, 5 + topicBytes.length)
  out.set(meta, head)
  out.set(body, head + meta.length)
  return out
}

/** Size of a broadcast's user payload in bytes, for the per-message limit. */
export function broadcastSize(broadcast: UserBroadcast): number {
  return 'json' in broadcast.payload
    ? Buffer.byteLength(JSON.stringify(broadcast.payload.json ?? {}))
    : broadcast.payload.bytes.length
}
