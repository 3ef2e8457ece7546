import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createClient } from '@supabase/supabase-js'
import { createApp } from '../../apps/gateway/src/app.ts'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'

const FILE_BYTES = 1024 * 1024
const ROUNDS = 30
const STREAM_MB = 64

const mbPerSecond = (bytes: number, ms: number) => bytes / 1024 / 1024 / (ms / 1000)

/**
 * Storage transfer through the gateway (supabase-js → HTTP on loopback → RLS-scoped metadata +
 * atomic disk blob) against the baseline of writing and reading the same bytes straight to disk
 * with fsync. Also the memory a 64 MiB streamed upload adds, which shows bodies are streamed.
 */
export default async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-storage-'))
  const db = await openPglite()
  await migrate(db)
  const config = loadConfig({
    DATA_DIR: dir,
    STORAGE_DIR: join(dir, 'blobs'),
    LOG_LEVEL: 'silent',
    STORAGE_FILE_SIZE_LIMIT: String(2 * STREAM_MB * 1024 * 1024),
  })
  const keys = await keysFromSecret('bench-secret-bench-secret-bench-secret-0123')
  const { app } = createApp(createDeps({ config, db, keys }))
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const client = createClient(base, keys.serviceRoleKey, { auth: { persistSession: false } })
  await client.storage.createBucket('bench', { public: false })
  const bucket = client.storage.from('bench')
  const payload = randomBytes(FILE_BYTES)

  try {
    let start = performance.now()
    for (let i = 0; i < ROUNDS; i++) {
      const file = await open(join(dir, `direct-${i}`), 'w')
      await file.write(payload)
      await file.sync()
      await file.close()
    }
    const directWrite = performance.now() - start
    start = performance.now()
    for (let i = 0; i < ROUNDS; i++) await readFile(join(dir, `direct-${i}`))
    const directRead = performance.now() - start

    start = performance.now()
    for (let i = 0; i < ROUNDS; i++) {
      const { error } = await bucket.upload(`f-${i}.bin`, payload, {
        contentType: 'application/octet-stream',
      })
      if (error) throw error
    }
    const gatewayWrite = performance.now() - start
    start = performance.now()
    for (let i = 0; i < ROUNDS; i++) {
      const { data, error } = await bucket.download(`f-${i}.bin`)
      if (error || data.size !== FILE_BYTES) throw error ?? new Error('short download')
    }
    const gatewayRead = performance.now() - start

    const total = FILE_BYTES * ROUNDS
    console.table([
      {
        step: `upload ${ROUNDS} × 1 MiB`,
        'gateway MB/s': mbPerSecond(total, gatewayWrite).toFixed(1),
        'disk MB/s': mbPerSecond(total, directWrite).toFixed(1),
        'gateway / disk': (mbPerSecond(total, gatewayWrite) / mbPerSecond(total, directWrite)).toFixed(2),
      },
      {
        step: `download ${ROUNDS} × 1 MiB`,
        'gateway MB/s': mbPerSecond(total, gatewayRead).toFixed(1),
        'disk MB/s': mbPerSecond(total, directRead).toFixed(1),
        'gateway / disk': (mbPerSecond(total, gatewayRead) / mbPerSecond(total, directRead)).toFixed(2),
      },
    ])

    // One large upload from a generated stream: the server should hold chunks, not the file.
    const chunk = randomBytes(256 * 1024)
    let left = (STREAM_MB * 1024 * 1024) / chunk.length
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (left-- > 0) controller.enqueue(chunk)
        else controller.close()
      },
    })
    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    let rssPeak = rssBefore
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss)
    }, 5)
    start = performance.now()
    const { error } = await bucket.upload('large.bin', stream, { contentType: 'application/octet-stream' })
    clearInterval(sampler)
    if (error) throw error
    const ms = performance.now() - start
    console.table([
      {
        step: `streamed upload of ${STREAM_MB} MiB`,
        'MB/s': mbPerSecond(STREAM_MB * 1024 * 1024, ms).toFixed(1),
        'peak RSS growth (MiB)': ((rssPeak - rssBefore) / 1024 / 1024).toFixed(1),
        'growth / file size': ((rssPeak - rssBefore) / (STREAM_MB * 1024 * 1024)).toFixed(2),
      },
    ])
  } finally {
    await new Promise((resolve) => server.close(resolve))
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
