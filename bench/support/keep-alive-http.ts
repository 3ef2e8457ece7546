import { Agent, request } from 'node:http'

export interface KeepAliveRequest {
  method?: string
  headers?: Record<string, string>
  body?: string
}

export interface KeepAliveHttp {
  /** The answer's status; the body is read and dropped. 0 when no answer came (refused, reset). */
  status(url: string, init?: KeepAliveRequest): Promise<number>
  /** The answer's status and body. Status 0 when no answer came. */
  text(url: string, init?: KeepAliveRequest): Promise<{ status: number; text: string }>
  /** Closes the kept-alive sockets (at the end of the scenario). */
  close(): void
}

/**
 * The benches' load generator client: plain `node:http` over keep-alive sockets (as autocannon
 * uses). fetch costs the load generator several times more CPU per request, which on a small
 * machine is taken from the server being measured. A request that gets no answer resolves with
 * status 0 rather than throwing, so a scenario counts it with the other failures.
 */
export function keepAliveHttp(maxSockets = 64): KeepAliveHttp {
  const agent = new Agent({ keepAlive: true, maxSockets })
  const send = (url: string, init: KeepAliveRequest, keep: boolean) =>
    new Promise<{ status: number; text: string }>((resolve) => {
      const req = request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (res) => {
        let text = ''
        res.on('data', (d) => {
          if (keep) text += d
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        res.on('error', () => resolve({ status: 0, text }))
      })
      req.on('error', () => resolve({ status: 0, text: '' }))
      req.end(init.body)
    })
  return {
    status: async (url, init = {}) => (await send(url, init, false)).status,
    text: (url, init = {}) => send(url, init, true),
    close: () => agent.destroy(),
  }
}
