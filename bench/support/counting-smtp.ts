import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CountingSmtp {
  /** `smtp://127.0.0.1:<port>?tls=off`, for SMTP_URL. */
  url: string
  /** Messages received so far. */
  received: () => number
  close: () => Promise<void>
}

/**
 * A real SMTP server on loopback (smtp-server) that accepts every message and only counts them:
 * the receiving end of the benches that send mail (newsletter-send, footprint).
 */
export async function startCountingSmtp(): Promise<CountingSmtp> {
  let received = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // The client is this machine on loopback: no reverse DNS lookup per connection.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        received += 1
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
