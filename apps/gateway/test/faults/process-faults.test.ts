import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../src/database/pglite.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import type { Database } from '../../src/database/types.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import { drivers } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'

/**
 * Fault stories of issue 11 on the real process (`node apps/gateway/src/main.ts`), on both
 * engines: PGlite in a data folder, and PostgreSQL through DATABASE_URL (a database of its own on
 * the suite's server).
 *
 * - `kill -9` while clients are writing, then a restart: every write the gateway acknowledged
 *   (201) is there.
 * - SIGTERM while a request is still arriving: the process stops taking new connections, lets that
 *   request finish (its write is acknowledged and kept), and exits 0.
 */
const MAIN = new URL('../../src/main.ts', import.meta.url).pathname

interface Running {
  child: ChildProcess
  output: () => string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_JWT_SECRET,
      WEB_BUILD_ON_START: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (d) => {
    output += d
  })
  child.stderr?.on('data', (d) => {
    output += d
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, output: () => output, exited }
}

async function waitForHealth(port: number, running: Running) {
  // Bounded by attempts, not by a speed target: a first start migrates and seeds.
  for (let attempt = 0; attempt < 600; attempt++) {
    if (running.child.exitCode !== null) throw new Error(`gateway exited early:\n${running.output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`gateway did not become healthy:\n${running.output()}`)
}

const freePort = () => 20000 + Math.floor(Math.random() * 20000)

describe.each(drivers)('the gateway process under faults (%s)', (driver) => {
  let keys: Keys
  let env: Record<string, string>
  let open: () => Promise<Database>
  let cleanup = async () => {}

  beforeAll(async () => {
    keys = await keysFromSecret(TEST_JWT_SECRET)
    const dataDir = mkdtempSync(join(tmpdir(), 'genesis-faults-'))
    // The same keys as `keys` (a key signed again would carry another `iat`).
    env = {
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ANON_KEY: keys.anonKey,
      SERVICE_ROLE_KEY: keys.serviceRoleKey,
    }
    if (driver === 'pglite') {
      open = () => openPglite(join(dataDir, 'pglite'))
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true })
    } else {
      const url = process.env.TEST_DATABASE_URL ?? ''
      const name = `genesis_faults_${randomBytes(5).toString('hex')}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      const u = new URL(url)
      u.pathname = `/${name}`
      env.DATABASE_URL = u.toString()
      open = () => openPostgres(u.toString(), 2)
      cleanup = async () => {
        const drop = new pg.Client({ connectionString: url })
        await drop.connect()
        await drop.query(`drop database if exists ${name} with (force)`)
        await drop.end()
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
  })
  afterAll(() => cleanup())

  const headers = () => ({
    apikey: keys.serviceRoleKey,
    authorization: `Bearer ${keys.serviceRoleKey}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  })

  async function countUnits(prefix: string, units: string[]): Promise<Set<string>> {
    const db = await open()
    try {
      const { rows } = await db.query<{ unit_number: string }>(
        'select unit_number from public.vacant_shops where unit_number like $1',
        [`${prefix}%`],
      )
      const found = new Set(rows.map((r) => r.unit_number))
      return new Set(units.filter((u) => found.has(u)))
    } finally {
      await db.close()
    }
  }

  it('loses no acknowledged write to kill -9, and starts again on the same data', async () => {
    const port = freePort()
    const first = start({ ...env, PORT: String(port) })
    await waitForHealth(port, first)

    // Four clients write as fast as they are answered; the process is killed mid-stream.
    const acknowledged: string[] = []
    let sent = 0
    let killed = false
    let failure: unknown
    const writers = Array.from({ length: 4 }, async (_, w) => {
      while (!killed) {
        const unit = `KILL-${w}-${sent++}`
        try {
          const res = await fetch(`http://127.0.0.1:${port}/rest/v1/vacant_shops`, {
            method: 'POST',
            headers: headers(),
            body: JSON.stringify({ unit_number: unit, size_m2: 20 }),
          })
          if (res.status === 201) acknowledged.push(unit)
          else throw new Error(`write answered ${res.status}: ${await res.text()}`)
        } catch (error) {
          if (!killed) {
            failure = error
            return
          }
        }
      }
    })
    while (acknowledged.length < 60 && failure === undefined) await new Promise((r) => setTimeout(r, 5))
    if (failure !== undefined) throw failure
    killed = true
    first.child.kill('SIGKILL')
    await Promise.all(writers)
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })

    // Nothing acknowledged is missing, before the next start and after it.
    expect([...(await countUnits('KILL-', acknowledged))].sort()).toEqual([...acknowledged].sort())
    const second = start({ ...env, PORT: String(port) })
    await waitForHealth(port, second)
    const listed = await fetch(
      `http://127.0.0.1:${port}/rest/v1/vacant_shops?select=unit_number&unit_number=like.KILL-*`,
      { headers: headers() },
    )
    expect(listed.status).toBe(200)
    const served = new Set(((await listed.json()) as { unit_number: string }[]).map((r) => r.unit_number))
    expect(acknowledged.filter((u) => !served.has(u))).toEqual([])
    second.child.kill('SIGTERM')
    expect((await second.exited).code).toBe(0)
  }, 240_000)

  it('on SIGTERM finishes the request in flight, takes no new one, and exits 0', async () => {
    const port = freePort()
    const running = start({ ...env, PORT: String(port) })
    await waitForHealth(port, running)

    // A write whose body is still arriving when the signal comes.
    const body = JSON.stringify({ unit_number: 'DRAIN-1', size_m2: 30 })
    const half = Math.floor(body.length / 2)
    let answered = 0
    let answer = ''
    const responded = new Promise<void>((resolve, reject) => {
      const req = request(
        `http://127.0.0.1:${port}/rest/v1/vacant_shops`,
        { method: 'POST', headers: { ...headers(), 'content-length': String(Buffer.byteLength(body)) } },
        (res) => {
          answered = res.statusCode ?? 0
          res.on('data', (d) => {
            answer += d
          })
          res.on('end', () => resolve())
        },
      )
      req.on('error', reject)
      req.write(body.slice(0, half))
      // The first half is on its way; then the signal; then the rest.
      setTimeout(() => {
        running.child.kill('SIGTERM')
        setTimeout(() => {
          // Still running while a request is open, but no longer accepting connections.
          if (running.child.exitCode !== null) {
            reject(new Error(`exited with a request in flight:\n${running.output()}`))
            return
          }
          fetch(`http://127.0.0.1:${port}/health`).then(
            () => reject(new Error('a new connection was accepted after SIGTERM')),
            () => req.end(body.slice(half)),
          )
        }, 500)
      }, 200)
    })
    await responded
    expect(answered, answer).toBe(201)
    const { code } = await running.exited
    expect(code).toBe(0)
    expect(running.output()).toContain('shutting down: finishing requests in flight')
    expect(running.output()).toContain('stopped')
    expect([...(await countUnits('DRAIN-', ['DRAIN-1']))]).toEqual(['DRAIN-1'])
  }, 240_000)
})
