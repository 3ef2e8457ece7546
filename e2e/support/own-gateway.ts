import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

/** A message the gateway wrote to its outbox (no SMTP), as it logs it. */
export interface OutboxMail {
  to: string[]
  subject: string
  category: string
  text: string
}

export interface OwnGateway {
  baseURL: string
  /** Mail written to the outbox so far. */
  mails: OutboxMail[]
  /** Waits for a mail matching `match` (default 20 s). */
  waitForMail(match: (mail: OutboxMail) => boolean, timeoutMs?: number): Promise<OutboxMail>
  stop(): Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/**
 * A gateway of this test's own (`npm start` on a fresh data folder and a free port), for stories
 * that need settings the shared one does not have (a 5-second token lifetime) or that change
 * demo data other stories rely on (a demo password). It logs at info level so the test can read
 * the mail it writes to its outbox, as a developer would from the log.
 */
export async function startOwnGateway(env: Record<string, string> = {}): Promise<OwnGateway> {
  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  mkdirSync('.data', { recursive: true })
  const dataDir = mkdtempSync(join('.data', 'e2e-own-'))
  const child: ChildProcess = spawn(process.execPath, ['apps/gateway/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: baseURL,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_SIGN_IN: '10000',
      AUTH_RATE_LIMIT_VERIFY: '10000',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: '10000',
      AUTH_RATE_LIMIT_EMAIL: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const mails: OutboxMail[] = []
  const waiters = new Set<() => void>()
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const lines = createInterface({ input: child.stdout! })
  lines.on('line', (line) => {
    if (!line.startsWith('{')) return
    try {
      const entry = JSON.parse(line)
      if (entry.msg === 'mail written to outbox') {
        mails.push({ to: entry.to, subject: entry.subject, category: entry.category, text: entry.text })
        for (const w of waiters) w()
      }
    } catch {
      // Not a log line of ours.
    }
  })

  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode}): ${stderr}`)
    try {
      if ((await fetch(`${baseURL}/health`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the gateway did not start: ${stderr}`)
    await new Promise((r) => setTimeout(r, 250))
  }

  return {
    baseURL,
    mails,
    waitForMail(match, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match)
          if (!found) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} written)`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
