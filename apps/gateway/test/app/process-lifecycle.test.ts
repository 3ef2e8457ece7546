import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPglite } from '../../src/database/pglite.ts'

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_BUILD_ON_START: 'false',
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
  return { child, output: () => output }
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited early:\n${output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health`)
      if (res.ok) return res
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`gateway did not become healthy:\n${output()}`)
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code))
    child.kill('SIGTERM')
  })
}

describe('the gateway process', () => {
  it('starts on a fresh data folder, shuts down cleanly on SIGTERM, and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'genesis-data-'))
    const port = 20000 + Math.floor(Math.random() * 20000)

    const first = start(dataDir, port)
    await waitForHealth(port, first.child, first.output)
    expect(first.output()).toContain('demo content loaded')
    expect(first.output()).toContain('admin@genesis-centre.test')
    expect(await stop(first.child)).toBe(0)
    expect(first.output()).toContain('stopped')

    // Something written while the gateway is down must still be there after the next start.
    const db = await openPglite(join(dataDir, 'pglite'))
    await db.query(`insert into public.vacant_shops (unit_number, size_m2) values ('PERSIST-1', 12)`)
    await db.close()

    const second = start(dataDir, port)
    await waitForHealth(port, second.child, second.output)
    expect(second.output()).not.toContain('demo content loaded')
    expect(second.output()).not.toContain('migrations applied')
    expect(await stop(second.child)).toBe(0)

    const after = await openPglite(join(dataDir, 'pglite'))
    const { rows } = await after.query<{ shops: number; kept: number }>(
      `select (select count(*)::int from public.shops) as shops,
              (select count(*)::int from public.vacant_shops where unit_number = 'PERSIST-1') as kept`,
    )
    await after.close()
    expect(rows[0]).toEqual({ shops: 28, kept: 1 })
  }, 180_000)

  it('refuses to start on a bad setting with one line naming the variable', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: 'eighty' }, stdio: 'pipe' })
    let stderr = ''
    child.stderr.on('data', (d) => {
      stderr += d
    })
    const code = await new Promise((resolve) => child.on('exit', resolve))
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain('Invalid environment variable PORT="eighty"')
  })
})
