import { describe, expect, it } from 'vitest'
import { decodeFrame, encodeBroadcast, encodeMessage, FrameError } from './serializer.ts'

/** Builds a kind-3 frame exactly as realtime-js 2.119 does (`_encodeUserBroadcastPush`). */
function kind3(
  joinRef: string,
  ref: string,
  topic: string,
  event: string,
  enc: 0 | 1,
  payload: Uint8Array,
  meta = '',
) {
  const e = new TextEncoder()
  const parts = [joinRef, ref, topic, event, meta].map((p) => e.encode(p))
  const header = [3, ...parts.map((p) => p.length), enc]
  const out = new Uint8Array(header.length + parts.reduce((n, p) => n + p.length, 0) + payload.length)
  out.set(header, 0)
  let offset = header.length
  for (const p of [...parts, payload]) {
    out.set(p, offset)
    offset += p.length
  }
  return out.buffer
}

describe('the realtime serializer', () => {
  it('reads v2 text frames as [join_ref, ref, topic, event, payload]', () => {
    expect(decodeFrame('["1","2","realtime:x","phx_join",{"a":1}]', '2.0.0')).toEqual({
      kind: 'message',
      message: { joinRef: '1', ref: '2', topic: 'realtime:x', event: 'phx_join', payload: { a: 1 } },
    })
    expect(decodeFrame('[null,"7","phoenix","heartbeat",{}]', '2.0.0')).toMatchObject({
      message: { joinRef: null, ref: '7' },
    })
  })

  it('reads v1 object frames', () => {
    expect(decodeFrame('{"topic":"realtime:x","event":"phx_leave","payload":{},"ref":"3"}', '1.0.0')).toEqual(
      {
        kind: 'message',
        message: { joinRef: null, ref: '3', topic: 'realtime:x', event: 'phx_leave', payload: {} },
      },
    )
  })

  it('refuses frames that are not the protocol', () => {
    expect(() => decodeFrame('not json', '2.0.0')).toThrow(FrameError)
    expect(() => decodeFrame('{"topic":"x"}', '2.0.0')).toThrow(FrameError)
    expect(() => decodeFrame('["1","1","t","e","payload must be an object"]', '2.0.0')).toThrow(FrameError)
    expect(() => decodeFrame(new Uint8Array([4, 0, 0, 0, 1]).buffer, '2.0.0')).toThrow(FrameError)
    expect(() => decodeFrame(new Uint8Array([3, 9, 0, 0, 0, 0, 1]).buffer, '2.0.0')).toThrow(/truncated/)
  })

  it('reads a kind-3 broadcast push with a JSON payload, including multi-byte text', () => {
    const payload = new TextEncoder().encode('{"shop":"Café Nord"}')
    const frame = kind3('1', '5', 'realtime:prices', 'price-changed', 1, payload, '{"persist":false}')
    expect(decodeFrame(frame, '2.0.0')).toEqual({
      kind: 'broadcast',
      joinRef: '1',
      ref: '5',
      topic: 'realtime:prices',
      broadcast: { event: 'price-changed', payload: { json: { shop: 'Café Nord' } } },
    })
  })

  it('reads a kind-3 push with raw bytes and relays them as kind 4 unchanged', () => {
    const bytes = new Uint8Array([0, 255, 7])
    const inbound = decodeFrame(kind3('1', '6', 'realtime:t', 'blob', 0, bytes), '2.0.0')
    if (inbound.kind !== 'broadcast') throw new Error('expected a broadcast')
    const out = encodeBroadcast('realtime:t', inbound.broadcast)
    const topic = new TextEncoder().encode('realtime:t')
    expect([...out.subarray(0, 5)]).toEqual([4, topic.length, 4, 0, 0])
    expect(new TextDecoder().decode(out.subarray(5, 5 + topic.length))).toBe('realtime:t')
    expect(new TextDecoder().decode(out.subarray(15, 19))).toBe('blob')
    expect([...out.subarray(19)]).toEqual([0, 255, 7])
  })

  it('writes kind 4 with JSON payloads as enc 1', () => {
    const out = encodeBroadcast('realtime:t', { event: 'e', payload: { json: { a: 1 } } })
    expect(out[0]).toBe(4)
    expect(out[4]).toBe(1)
    expect(new TextDecoder().decode(out.subarray(5 + 10 + 1))).toBe('{"a":1}')
  })

  it('writes text frames in the shape of the connection’s serializer', () => {
    const m = { joinRef: '1', ref: null, topic: 'realtime:t', event: 'system', payload: { a: 1 } }
    expect(encodeMessage(m, '2.0.0')).toBe('["1",null,"realtime:t","system",{"a":1}]')
    expect(JSON.parse(encodeMessage(m, '1.0.0'))).toEqual({
      join_ref: '1',
      ref: null,
      topic: 'realtime:t',
      event: 'system',
      payload: { a: 1 },
    })
  })
})
