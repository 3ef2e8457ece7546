import type { Duplex } from 'node:stream'
import { WebSocket } from 'ws'
import type { Caller } from '../../database/request-scope.ts'
import type { Channel } from './channel.ts'
import { encodeMessage, type Message, type Vsn } from './serializer.ts'

/** What a connection needs from the socket under it (the `ws` socket, or Hono's wrapper in tests). */
export interface SocketLike {
  send(data: string | Uint8Array): void
  close(code?: number, reason?: string): void
}

/**
 * A client this far behind cannot keep up: its socket is dropped (the client reconnects) rather
 * than let the process hold its backlog. Frames are counted as well as bytes because a small
 * frame waiting to be written costs a few hundred bytes of bookkeeping beyond its own size: a
 * thousand stalled sockets within a byte limit alone could still exhaust the heap.
 */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024
const MAX_PENDING_FRAMES = 4096

let nextConnectionId = 1

/**
 * Sockets written to during this turn of the event loop, corked until it ends. A busy channel
 * sends many small frames to each socket per turn (one per broadcast); corked, they leave in one
 * write per socket instead of one system call each, which is what limits fan-out, on both ends.
 * Nothing waits longer than the rest of the current turn.
 */
const corked = new Set<Duplex>()
let uncorkScheduled = false

function corkForThisTurn(socket: Duplex): void {
  if (corked.has(socket) || socket.destroyed) return
  socket.cork()
  corked.add(socket)
  if (uncorkScheduled) return
  uncorkScheduled = true
  setImmediate(() => {
    uncorkScheduled = false
    for (const s of corked) s.uncork()
    corked.clear()
  })
}

/** One client socket: its serializer, the apikey's caller, its joined channels and liveness. */
export class Connection {
  readonly id = nextConnectionId++
  readonly channels = new Map<string, Channel>()
  lastSeen = Date.now()
  closed = false
  readonly #socket: SocketLike
  readonly #raw: WebSocket | undefined
  /** The TCP socket under `#raw`, when known: writes to it are coalesced per event-loop turn. */
  readonly #transport: Duplex | undefined

  /** Told when the connection is dropped for not keeping up (the hub logs it). */
  onSlowClient: ((connection: Connection) => void) | undefined
  /** Frames handed to the socket and not yet written out to the network. */
  #pendingFrames = 0
  readonly #frameWritten = () => {
    this.#pendingFrames--
  }

  readonly ip: string
  readonly vsn: Vsn
  /** Whom the connection's apikey stands for: used while a join carries no access token. */
  readonly apikeyCaller: Caller

  constructor(
    socket: SocketLike,
    raw: unknown,
    ip: string,
    vsn: Vsn,
    apikeyCaller: Caller,
    transport?: Duplex,
  ) {
    this.ip = ip
    this.vsn = vsn
    this.apikeyCaller = apikeyCaller
    this.#socket = socket
    this.#raw = raw instanceof WebSocket ? raw : undefined
    this.#transport = this.#raw ? transport : undefined
  }

  push(message: Message): void {
    this.sendText(encodeMessage(message, this.vsn))
  }

  /** Text frame; fan-out passes one pre-encoded Buffer to every socket instead of a string each. */
  sendText(text: string | Buffer): void {
    if (this.closed) return
    if (this.#raw) {
      if (!this.#writable(this.#raw)) return
      this.#pendingFrames++
      this.#raw.send(text, { binary: false }, this.#frameWritten)
    } else this.#socket.send(typeof text === 'string' ? text : text.toString('utf8'))
  }

  sendBinary(bytes: Uint8Array): void {
    if (this.closed) return
    if (this.#raw) {
      if (!this.#writable(this.#raw)) return
      this.#pendingFrames++
      this.#raw.send(bytes, { binary: true }, this.#frameWritten)
    } else this.#socket.send(bytes)
  }

  /** Whether a frame may be sent now; drops a client that has fallen too far behind. */
  #writable(raw: WebSocket): boolean {
    if (raw.readyState !== WebSocket.OPEN) return false
    if (this.#pendingFrames >= MAX_PENDING_FRAMES || raw.bufferedAmount > MAX_BUFFERED_BYTES) {
      // Not a close handshake: its frame would wait behind the very backlog being given up.
      this.onSlowClient?.(this)
      this.terminate()
      return false
    }
    if (this.#transport) corkForThisTurn(this.#transport)
    return true
  }

  close(code = 1000, reason = ''): void {
    if (this.closed) return
    this.closed = true
    try {
      this.#socket.close(code, reason)
    } catch {
      // Already closing: nothing left to do.
    }
  }

  /** Forcibly drops a silent socket (no close handshake to wait for). */
  terminate(): void {
    if (this.#raw) this.#raw.terminate()
    else this.close(1001, 'heartbeat timeout')
    this.closed = true
  }
}
