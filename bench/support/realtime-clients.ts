import { parentPort, workerData } from 'node:worker_threads'
import { type RawData, WebSocket } from './gateway-ws.ts'

/**
 * The client side of the realtime benchmark, in a worker thread so that decoding on the clients
 * does not run on the servers' event loop. Opens `sockets` connections to `url`, joins `topic`
 * (Phoenix v2 protocol when `protocol` is 'phoenix', plain text otherwise), then each socket sends
 * `rate` messages per second for `seconds`. Reports delivered messages and latencies (ms).
 */
interface Job {
  url: string
  protocol: 'phoenix' | 'plain'
  topic: string
  sockets: number
  rate: number
  seconds: number
  drainMs: number
}

const job = workerData as Job
const now = () => performance.timeOrigin + performance.now()
const latencies: number[] = []
let delivered = 0
let lastDelivery = 0
/** Sockets the server closed before the end: a server that sheds clients it cannot serve. */
let dropped = 0
let finishing = false
const encoder = new TextEncoder()

/** realtime-js's kind-3 frame: u8 3, lengths, enc 1, then join_ref, ref, topic, event, payload. */
function kind3(joinRef: string, ref: string, topic: string, payload: string): Uint8Array {
  const parts = [joinRef, ref, topic, 'tick', ''].map((p) => encoder.encode(p))
  const body = encoder.encode(payload)
  const out = new Uint8Array(7 + parts.reduce((n, p) => n + p.length, 0) + body.length)
  out.set([3, ...parts.map((p) => p.length), 1], 0)
  let offset = 7
  for (const p of [...parts, body]) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

function record(payloadText: string) {
  const at = payloadText.indexOf('"t":')
  if (at < 0) return
  const t = Number.parseFloat(payloadText.slice(at + 4))
  delivered += 1
  lastDelivery = now()
  // Sample every message's latency, but keep memory bounded.
  if (latencies.length < 2_000_000) latencies.push(now() - t)
}

async function open(i: number): Promise<WebSocket> {
  const ws = new WebSocket(job.url)
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  if (job.protocol === 'phoenix') {
    const joined = new Promise<void>((resolve) => {
      const onJoin = (data: RawData, isBinary: boolean) => {
        if (!isBinary && data.toString().includes('"phx_reply"')) {
          ws.off('message', onJoin)
          resolve()
        }
      }
      ws.on('message', onJoin)
    })
    ws.send(JSON.stringify(['1', '1', job.topic, 'phx_join', { config: { broadcast: { self: false } } }]))
    await joined
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return
      const bytes = data instanceof Buffer ? data : Buffer.from(data as ArrayBuffer)
      // kind 4: u8 4, topic len, event len, meta len, enc, then topic, event, meta, payload
      const start = 5 + bytes[1] + bytes[2] + bytes[3]
      record(bytes.toString('utf8', start))
    })
  } else {
    ws.on('message', (data) => record(data.toString()))
  }
  ws.once('close', () => {
    if (!finishing) dropped += 1
  })
  void i
  return ws
}

const sockets: WebSocket[] = []
for (let i = 0; i < job.sockets; i += 50) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(50, job.sockets - i) }, (_, k) => open(i + k)),
  )
  sockets.push(...batch)
}

// Each socket sends `rate` per second, spread evenly across sockets and time.
const total = job.sockets * job.rate * job.seconds
const interval = 1000 / (job.sockets * job.rate)
const started = now()
let sent = 0
let ref = 2
await new Promise<void>((done) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor((now() - started) / interval))
    while (sent < due) {
      const ws = sockets[sent % sockets.length]
      const payload = `{"t":${now()}}`
      if (job.protocol === 'phoenix') ws.send(kind3('1', String(ref++), job.topic, payload))
      else ws.send(payload)
      sent += 1
    }
    if (sent >= total) {
      clearInterval(timer)
      done()
    }
  }, 5)
})
const sendSeconds = (now() - started) / 1000
await new Promise((r) => setTimeout(r, job.drainMs))
// Throughput is measured up to the last delivery, so idle draining time does not dilute it.
const elapsed = (Math.max(lastDelivery, started + 1) - started) / 1000
finishing = true
for (const ws of sockets) ws.terminate()
latencies.sort((a, b) => a - b)
const pct = (p: number) =>
  latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : Number.NaN
parentPort?.postMessage({
  sent,
  delivered,
  dropped,
  expected: sent * (job.sockets - 1),
  sendSeconds,
  elapsed,
  p50: pct(0.5),
  p95: pct(0.95),
  p99: pct(0.99),
})
