import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './gateway-process.ts'

/**
 * A PostgreSQL server of a test's own (initdb in a temporary folder, its own port), for the fault
 * stories that stop and start the server under a running gateway: the suite's shared cluster
 * (TEST_DATABASE_URL) must never be stopped. Uses the same Debian binaries scripts/test-env.sh
 * installs; as root, runs them as the `postgres` user (initdb refuses root).
 */
export interface PrivatePostgres {
  url: string
  stop(): void
  start(): void
  /** Stops the server (immediately) and removes its folder. */
  destroy(): void
}

/** The folder of PostgreSQL's server binaries, or undefined when none is installed. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b))
  const latest = versions.at(-1)
  return latest === undefined ? undefined : join(root, latest, 'bin')
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir()
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql')
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'genesis-private-pg-'))
  const data = join(dir, 'data')
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, tool)
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args
    execFileSync(command, argv, { stdio: 'pipe' })
  }
  const port = await freePort()
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=40`
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'])
  start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    // `fast`: what a service manager's stop does — open connections are terminated (57P01).
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
