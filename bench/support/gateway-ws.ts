import { createRequire } from 'node:module'
import type * as Ws from 'ws'

// The gateway depends on ws 8; from the repository root, `ws` resolves to an older ws 7 that other
// tools depend on. Load the gateway's copy so the baseline and the clients use the same library.
const requireFromGateway = createRequire(new URL('../../apps/gateway/package.json', import.meta.url))
const ws: typeof Ws = requireFromGateway('ws')

export const { WebSocket, WebSocketServer } = ws
export type WebSocket = Ws.WebSocket
export type RawData = Ws.RawData
