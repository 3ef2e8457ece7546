import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url))

// Loaded before main.ts: records the URL of every module the process resolves, and prints them
// as one JSON line on stderr when the process exits (module.registerHooks, Node 24).
const RECORDER = `data:text/javascript,${encodeURIComponent(`
import { registerHooks } from 'node:module'
import { writeSync } from 'node:fs'
const seen = new Set()
registerHooks({ resolve(specifier, context, next) { const found = next(specifier, context); seen.add(found.url); return found } })
process.on('exit', () => writeSync(2, '\\nMODULES ' + JSON.stringify([...seen]) + '\\n'))
`)}`

/** Runs main.ts with these settings; it stops early (exit 1) on purpose in both cases below. */
function runMain(env: Record<string, string>): Promise<{ code: number; stderr: string; modules: string[] }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', RECORDER, MAIN],
      { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => {
        const line = stderr.split('\n').find((l) => l.startsWith('MODULES '))
        done({
          code: error ? Number(error.code) : 0,
          stderr,
          modules: line ? (JSON.parse(line.slice('MODULES '.length)) as string[]) : [],
        })
      },
    )
  })
}

const awsSdk = (modules: string[]) => modules.filter((url) => url.includes('/@aws-sdk/'))

describe('the AWS SDK is loaded only when STORAGE_BACKEND=s3 (decision 030)', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'genesis-lazy-s3-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it('a gateway on disk storage loads every module of main.ts and none of @aws-sdk', async () => {
    // A setting main.ts refuses after its imports are all loaded (ES modules link the whole
    // static graph before the first line runs), so the process stops there with its graph in hand.
    const run = await runMain({ DATA_DIR: dataDir, STORAGE_BACKEND: 'disk', PORT: 'not-a-port' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/PORT/)
    // The recorder saw main.ts's graph: the app, the deps builder, the disk store, the backups.
    for (const part of [
      '/src/app.ts',
      '/src/deps.ts',
      '/blob-store/disk-blob-store.ts',
      '/backup/backup.ts',
    ]) {
      expect(run.modules.some((url) => url.endsWith(part))).toBe(true)
    }
    expect(awsSdk(run.modules)).toEqual([])
    expect(run.modules.some((url) => url.endsWith('/blob-store/s3-blob-store.ts'))).toBe(false)
  }, 90_000)

  it('with STORAGE_BACKEND=s3 the same entry imports the S3 store and @aws-sdk/client-s3 (the recorder sees it)', async () => {
    // Nothing listens on port 9: the bucket probe fails and main.ts stops with its one line.
    const run = await runMain({
      DATA_DIR: dataDir,
      STORAGE_BACKEND: 's3',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9',
      STORAGE_S3_BUCKET: 'centre-files',
      STORAGE_S3_ACCESS_KEY_ID: 'key',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
    })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/^Cannot use S3 bucket centre-files at http:\/\/127\.0\.0\.1:9: /m)
    expect(run.modules.some((url) => url.endsWith('/blob-store/s3-blob-store.ts'))).toBe(true)
    expect(awsSdk(run.modules).some((url) => url.includes('/@aws-sdk/client-s3/'))).toBe(true)
  }, 90_000)
})
