import { WebSocket } from 'ws'
import type { Caller } from '../../database/request-scope.ts'
import type { Channel } from './channel.ts'
import { encodeMessage, type Message, type Vsn } from './serializer.ts'

/** What a connection needs from the socket under it (the `ws` socket, or Hono's wrapper in tests). */
export interface SocketLike {
  send(data: string | Uint8Array): void
  close(code?: number, reason?: string): void
}

/** A send buffer beyond this means the client cannot keep up: drop it rather than grow memory. */
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024

let nextConnectionId = 1

/** One client socket: its serializer, the apikey's caller, its joined channels and liveness. */
export class Connection {
  readonly id = nextConnectionId++
  readonly channels = new Map<string, Channel>()
  lastSeen = Date.now()
  closed = false
  readonly #socket: SocketLike
  readonly #raw: WebSocket | undefined

  readonly ip: string
  readonly vsn: Vsn
  /** Whom the connection's apikey stands for: used while a join carries no access token. */
  readonly apikeyCaller: Caller

  constructor(socket: SocketLike, raw: unknown, ip: string, vsn: Vsn, apikeyCaller: Caller) {
    this.ip = ip
    this.vsn = vsn
    this.apikeyCaller = apikeyCaller
    this.#socket = socket
    this.#raw = raw instanceof WebSocket ? raw : undefined
  }

  push(message: Message): void {
    this.sendText(encodeMessage(message, this.vsn))
  }

  /** Text frame; fan-out passes one pre-encoded Buffer to every socket instead of a string each. */
  sendText(text: string | Buffer): void {
    if (this.closed) return
    if (this.#raw) {
      if (this.#raw.readyState !== WebSocket.OPEN) return
      if (this.#raw.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.close(1008, 'client too slow')
        return
      }
      this.#raw.send(text, { binary: false })
    } else this.#socket.send(typeof text === 'string' ? text : text.toString('utf8'))
  }

  sendBinary(bytes: Uint8Array): void {
    if (this.closed) return
    if (this.#raw) {
      if (this.#raw.readyState !== WebSocket.OPEN) return
      if (this.#raw.bufferedAmount > MAX_BUFFERED_BYTES) {
        this.close(1008, 'client too slow')
        return
      }
      this.#raw.send(bytes, { binary: true })
    } else this.#socket.send(bytes)
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
