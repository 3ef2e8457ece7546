import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A port nothing listens on right now (the OS picks it; the gateway binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/**
 * Waits until a spawned gateway answers `GET /health/ready` (it listens only once its database is
 * migrated and seeded), polling every 200 ms. Bounded by attempts, not by a speed target: a first
 * start on a fresh database migrates it. Fails at once, with the process's output, if it exits.
 */
export async function waitForReady(
  gateway: { base: string; child: ChildProcess; output: () => string },
  attempts = 900,
): Promise<unknown> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (gateway.child.exitCode !== null) throw new Error(`gateway exited early:\n${gateway.output()}`)
    try {
      const res = await fetch(`${gateway.base}/health/ready`)
      if (res.ok) return (await res.json()) as unknown
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`gateway never became ready:\n${gateway.output()}`)
}
