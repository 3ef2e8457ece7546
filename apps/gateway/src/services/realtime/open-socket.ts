import { IncomingMessage, STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { upgradeWebSocket } from '@hono/node-server'
import type { Context, MiddlewareHandler } from 'hono'
import type { Caller } from '../../database/request-scope.ts'
import { clientIp } from '../../http/rate-limit.ts'
import { resolveCaller, verifyJwt } from '../../http/resolve-caller.ts'
import { Connection } from './connection.ts'
import { handleFrame } from './handle-frame.ts'
import { UPGRADE_ERRORS, type UpgradeError } from './realtime-errors.ts'
import type { RealtimeHub } from './realtime-hub.ts'
import type { Vsn } from './serializer.ts'

const VsnSchema = (vsn: string): vsn is Vsn => vsn === '1.0.0' || vsn === '2.0.0'

/**
 * `GET /realtime/v1/websocket?apikey=…&vsn=2.0.0` (supabase-protocol.md §6.1): checks the apikey
 * (browsers cannot send headers, so it comes in the query) and the per-IP connection limit, then
 * upgrades. Refusals are JSON `{"error": …}` with the status of §6.1.
 */
export function openSocket(hub: RealtimeHub): MiddlewareHandler {
  return async (c, next) => {
    // Phoenix's default serializer is 1.0.0 when the client names none.
    const vsn = c.req.query('vsn') ?? '1.0.0'
    if (!VsnSchema(vsn)) return refuse(c, UPGRADE_ERRORS.UnsupportedVsn(vsn))
    const apikey = c.req.query('apikey') ?? c.req.header('apikey')
    const resolved = await resolveCaller({ apikey }, hub.deps.keys)
    if (!resolved.ok) return refuse(c, await describeKeyProblem(hub, apikey))
    const ip = clientIp(c, hub.deps.config.TRUST_PROXY)
    if (!hub.canAdmit(ip)) return refuse(c, UPGRADE_ERRORS.TooManyConnections())
    return upgradeWebSocket(() => socketEvents(hub, ip, vsn, resolved.caller, upgradeSocket(c.env)))(c, next)
  }
}

function socketEvents(
  hub: RealtimeHub,
  ip: string,
  vsn: Vsn,
  apikeyCaller: Caller,
  transport: Duplex | undefined,
) {
  let connection: Connection | undefined
  let queue = Promise.resolve()
  return {
    onOpen(
      _event: Event,
      ws: {
        send(data: string | Uint8Array<ArrayBuffer>): void
        close(code?: number, reason?: string): void
        raw?: unknown
      },
    ) {
      connection = new Connection(
        {
          send: (data) => ws.send(typeof data === 'string' ? data : new Uint8Array(data)),
          close: (code, reason) => ws.close(code, reason),
        },
        ws.raw,
        ip,
        vsn,
        apikeyCaller,
        transport,
      )
      hub.register(connection)
    },
    onMessage(event: MessageEvent) {
      const current = connection
      const data: unknown = event.data
      if (!current || !(typeof data === 'string' || data instanceof ArrayBuffer)) return
      // One frame at a time per socket, so a join is answered before the pushes that follow it.
      queue = queue
        .then(() => handleFrame(hub, current, data))
        .catch((error: unknown) => hub.deps.logger.error({ err: error }, 'realtime: frame handling failed'))
    },
    onClose() {
      if (!connection) return
      connection.closed = true
      hub.unregister(connection)
    },
  }
}

async function describeKeyProblem(hub: RealtimeHub, apikey: string | undefined): Promise<UpgradeError> {
  if (!apikey) return UPGRADE_ERRORS.ApiKeyMissing()
  const verified = await verifyJwt(apikey, hub.deps.keys)
  if (verified.ok) return UPGRADE_ERRORS.UnknownApiKey()
  const { problem } = verified
  if (problem.kind === 'invalid_jwt' && problem.reason === 'expired') return UPGRADE_ERRORS.TokenExpired()
  return UPGRADE_ERRORS.InvalidJwt()
}

/**
 * @hono/node-server answers a refused upgrade with the status and an empty body; a client reading
 * the refusal (and §6.1) wants the JSON, so on a real upgrade the full response is written to the
 * socket here and the socket is ended (the server's own empty answer then finds it closed).
 */
function refuse(c: Context, problem: UpgradeError): Response {
  const body = JSON.stringify(problem.body())
  const socket = upgradeSocket(c.env)
  if (socket && c.req.header('upgrade')?.toLowerCase() === 'websocket' && socket.writable) {
    socket.end(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status] ?? ''}\r\n` +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    )
  }
  return new Response(body, { status: problem.status, headers: { 'content-type': 'application/json' } })
}

function envField(env: unknown, key: string): unknown {
  if (typeof env !== 'object' || env === null || !(key in env)) return undefined
  return Object.getOwnPropertyDescriptor(env, key)?.value
}

/** The raw socket of an upgrade request (node-server passes `incoming` and no `outgoing` then). */
function upgradeSocket(env: unknown): Duplex | undefined {
  const incoming = envField(env, 'incoming')
  if (!(incoming instanceof IncomingMessage) || envField(env, 'outgoing') !== undefined) return undefined
  return incoming.socket
}
