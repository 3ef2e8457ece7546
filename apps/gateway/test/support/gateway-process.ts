import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/**
 * Real gateway processes (`node apps/gateway/src/main.ts`) for the tests and benches that need the
 * process itself rather than the app in this one: `test/scale/two-processes.test.ts` and the
 * benches `rest-two-instances`, `footprint` and `soak` (bench/ imports this file; nothing here
 * imports from bench/).
 */
const MAIN = new URL('../../src/main.ts', import.meta.url).pathname

export interface GatewayProcess {
  /** For error messages: which of several processes. */
  name: string
  child: ChildProcess
  port: number
  /** `http://127.0.0.1:<port>` */
  base: string
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>
}

export interface GatewayProcessOptions {
  name?: string
  /** Where it listens, on 127.0.0.1 (see freePort). */
  port: number
  /** Added to this process's environment; a key set to undefined is removed from it. */
  env: Record<string, string | undefined>
  /** Node flags before the script (V8 settings, as `npm start` passes them). */
  nodeFlags?: string[]
  /** Opens an IPC channel to the process (`child.send`, `'message'`), for a preloaded probe. */
  ipc?: boolean
}

/** A port nothing listens on right now (the OS picks it; the gateway binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (!address || typeof address === 'string') throw new Error('no free port')
  return address.port
}

/** Spawns a gateway on 127.0.0.1:`port`, its output kept for error messages and log checks. */
export function startGatewayProcess({
  name = 'gateway',
  port,
  env,
  nodeFlags = [],
  ipc = false,
}: GatewayProcessOptions): GatewayProcess {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  }
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key]
  const child = spawn(process.execPath, [...nodeFlags, MAIN], {
    env: merged,
    stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { name, child, port, base: `http://127.0.0.1:${port}`, output: () => output, exited }
}

/**
 * Waits until the process answers `GET /health/ready` (it listens only once its database is
 * migrated and seeded) and returns that answer, polling every 200 ms. Bounded by attempts, not by
 * a speed target: a first start migrates a fresh database. Fails at once, with the process's
 * output, if it exits.
 */
export async function waitForReady(gateway: GatewayProcess, attempts = 900): Promise<unknown> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (gateway.child.exitCode !== null || gateway.child.signalCode !== null)
      throw new Error(`${gateway.name} exited early:\n${gateway.output()}`)
    try {
      const res = await fetch(`${gateway.base}/health/ready`)
      if (res.ok) return (await res.json()) as unknown
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${gateway.name} never became ready:\n${gateway.output()}`)
}

/** SIGTERM (the gateway's graceful stop), SIGKILL if it has not exited after `killAfterMs`. */
export async function stopGatewayProcess(gateway: GatewayProcess | undefined, killAfterMs = 15_000) {
  if (!gateway || gateway.child.exitCode !== null || gateway.child.signalCode !== null) return
  gateway.child.kill('SIGTERM')
  const timer = setTimeout(() => gateway.child.kill('SIGKILL'), killAfterMs)
  await gateway.exited
  clearTimeout(timer)
}
