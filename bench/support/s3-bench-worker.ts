import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { serve } from '@hono/node-server'
import { createApp } from '../../apps/gateway/src/app.ts'
import { openBlobStore } from '../../apps/gateway/src/blob-store/open-blob-store.ts'
import type { S3Settings } from '../../apps/gateway/src/config.ts'
import { loadConfig } from '../../apps/gateway/src/config.ts'
import { migrate } from '../../apps/gateway/src/database/migrate.ts'
import { openPglite } from '../../apps/gateway/src/database/pglite.ts'
import { createDeps } from '../../apps/gateway/src/deps.ts'
import { keysFromSecret } from '../../apps/gateway/src/keys.ts'
import { startS3Server } from '../../apps/gateway/test/support/s3-server.ts'

/**
 * The two servers of bench/scenarios/s3-transfer.ts, each in a worker thread of its own so that
 * neither shares an event loop with the load generator (as two processes would not):
 * - `s3`: s3rver (the S3-compatible server the tests use) on a temporary folder, with one bucket;
 * - `gateway`: the gateway on PGlite with STORAGE_BACKEND=s3 pointing at that s3rver.
 */
const { role, s3, fileSizeLimit } = workerData as {
  role: 's3' | 'gateway'
  s3?: S3Settings
  fileSizeLimit?: number
}

/** This thread's own CPU time so far (ms), for the scenario's CPU-per-MiB figures. */
function threadCpu() {
  const { user, system } = process.threadCpuUsage()
  return { type: 'cpu', ms: (user + system) / 1000 }
}

if (role === 's3') {
  const server = await startS3Server()
  parentPort?.postMessage({ type: 'ready', settings: server.settings })
  parentPort?.on('message', async (message: { type: string }) => {
    if (message.type === 'cpu') parentPort?.postMessage(threadCpu())
    if (message.type === 'close') {
      await server.close()
      parentPort?.postMessage({ type: 'closed' })
    }
  })
} else {
  if (!s3) throw new Error('the gateway worker needs the S3 settings')
  const dir = mkdtempSync(join(tmpdir(), 'bench-s3-gateway-'))
  const db = await openPglite()
  await migrate(db)
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    STORAGE_BACKEND: 's3',
    STORAGE_S3_ENDPOINT: s3.endpoint,
    STORAGE_S3_BUCKET: s3.bucket,
    STORAGE_S3_REGION: s3.region,
    STORAGE_S3_ACCESS_KEY_ID: s3.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    STORAGE_S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    STORAGE_FILE_SIZE_LIMIT: String(fileSizeLimit ?? 50 * 1024 * 1024),
  })
  const keys = await keysFromSecret('bench-secret-bench-secret-bench-secret-0123')
  const gateway = createApp(createDeps({ config, db, keys, blobStore: await openBlobStore(config) }))
  const server = serve({ fetch: gateway.app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    parentPort?.postMessage({ type: 'ready', port: info.port, serviceRoleKey: keys.serviceRoleKey })
  })
  parentPort?.on('message', async (message: { type: string }) => {
    if (message.type === 'cpu') parentPort?.postMessage(threadCpu())
    if (message.type === 'close') {
      await new Promise((resolve) => server.close(resolve))
      await gateway.stop()
      await db.close()
      rmSync(dir, { recursive: true, force: true })
      parentPort?.postMessage({ type: 'closed' })
    }
  })
}
