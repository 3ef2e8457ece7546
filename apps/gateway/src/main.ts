import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app.ts'
import { scheduleBackups } from './backup/backup.ts'
import type { BlobStore } from './blob-store/blob-store.ts'
import { openBlobStore } from './blob-store/open-blob-store.ts'
import { ConfigError, loadConfig } from './config.ts'
import { migrate } from './database/migrate.ts'
import { openDatabase } from './database/open-database.ts'
import { renewDatabase } from './database/renewal.ts'
import { applySecuritySettings } from './database/security-settings.ts'
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './database/seed.ts'
import { seedDemoImages } from './demo/demo-images.ts'
import { seedStatementPdfs } from './demo/statement-pdfs.ts'
import { createDeps } from './deps.ts'
import { WEB_DIST } from './http/static-site.ts'
import { loadOrCreateKeys } from './keys.ts'
import { createLogger } from './logger.ts'
import { createNewsletterWorker } from './services/newsletter/worker.ts'
import { retentionLimits, scheduleRetention } from './services/privacy/retention.ts'
import { sweepOrphanBlobs } from './services/storage/sweep-orphan-blobs.ts'
import { startStatementWorker } from './statements/statement-worker.ts'

async function main() {
  // The start-up check of the toolchain: Node 24 (the registry package `npm install` brings).
  const [major] = process.versions.node.split('.')
  if (major !== '24') {
    console.error(`Node 24 expected, got ${process.version}: run npm install, then npm start`)
    process.exit(1)
  }
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  // The keys (a given ANON_KEY or SERVICE_ROLE_KEY is checked against the secret) before anything else.
  let keys: Awaited<ReturnType<typeof loadOrCreateKeys>>
  try {
    keys = await loadOrCreateKeys(config.dataDir, config)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  if (keys.previousJwtSecret) {
    logger.warn('JWT_SECRET_PREVIOUS is set: tokens signed with the previous secret are still accepted')
  }
  // The S3 client is loaded only when STORAGE_BACKEND=s3 (decision 030); its bucket is probed once.
  let blobStore: BlobStore
  try {
    blobStore = await openBlobStore(config, { probe: true })
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  }

  if (!existsSync(join(WEB_DIST, 'index.html')) && !config.WEB_BUILD_ON_START) {
    logger.warn('no web build found and WEB_BUILD_ON_START=false: serving the API only')
  } else if (!existsSync(join(WEB_DIST, 'index.html'))) {
    logger.info('no web build found: building the web app once (npm run build)')
    execFileSync('npm', ['run', 'build'], {
      stdio: 'inherit',
      cwd: new URL('../../../', import.meta.url).pathname,
      // A production build whatever this process runs under (a test runner sets NODE_ENV=test,
      // which would give the server module React's development JSX against its production React).
      env: { ...process.env, NODE_ENV: 'production' },
    })
  }

  let db: Awaited<ReturnType<typeof openDatabase>>
  try {
    db = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      poolSize: config.DATABASE_POOL_SIZE,
      dataDir: config.dataDir,
      pglite: { sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB },
      pgliteWorker: config.pgliteWorker,
      // The worker's thread (decision 072): restarted once on the same folder; a second loss within
      // a minute, or a failed restart, ends the gateway so that its supervisor starts it again.
      onThreadEvent: (event) => {
        if (event.type === 'lost') {
          logger.error(
            { err: event.error, restarting: event.restarting },
            'database: the PGlite thread ended',
          )
        } else if (event.type === 'restarted') {
          logger.warn('database: the PGlite thread was restarted on the same data folder')
        } else {
          logger.fatal({ err: event.error }, 'database: no PGlite thread any more, exiting')
          process.exit(1)
        }
      },
    })
  } catch (error) {
    // Unreachable, refused, or too old (PostgreSQL 15+): one line, not a stack.
    const { message, code } = error as NodeJS.ErrnoException
    console.error(`Cannot open the database: ${message || code || String(error)}`)
    process.exit(1)
  }
  if (db.kind === 'pglite') {
    logger.info(
      `database: PGlite in ${config.pgliteWorker ? 'a worker thread of its own' : "the gateway's thread"} (PGLITE_WORKER=${config.PGLITE_WORKER})`,
    )
  }
  const applied = await migrate(db)
  if (applied.length > 0) logger.info({ applied }, 'migrations applied')
  await applySecuritySettings(db, config)
  if (!config.AUTH_MFA_REQUIRED_FOR_ADMINS) {
    logger.warn('AUTH_MFA_REQUIRED_FOR_ADMINS=false: admins reach admin data without two-factor sign-in')
  }
  // Checked and loaded under a lock: of several gateways starting at once, one seeds.
  const seeded = config.SEED_DEMO && (await seedDemoIfEmpty(db))
  if (seeded) logger.info('demo content loaded')
  const deps = createDeps({ config, db, keys, logger, blobStore })
  if (seeded) {
    // The demo statements' PDFs, so a newcomer's first download works (issue 12).
    const pdfs = await seedStatementPdfs(deps)
    logger.info({ pdfs }, 'demo statement PDFs stored')
    // The demo stores' logos and the vacant units' floor plans (issue 15 §2).
    logger.info(await seedDemoImages(deps), 'demo logos and floor plans stored')
  }
  // A first start's one-time work (migrations, the demo seed) leaves its high-water mark in PGlite's
  // WebAssembly memory for good (it never shrinks): PGlite is closed and opened again on the same
  // folder (a new thread with PGLITE_WORKER), as a restart would, before anything else uses the
  // database (decision 076).
  if ((applied.length > 0 || seeded) && db.kind === 'pglite') {
    await renewDatabase(db).then(
      (renewed) => renewed && logger.info('database: PGlite reopened after the first-start work'),
      (error: unknown) => {
        // Closed and not opened again: nothing would work. The next start opens the folder as any
        // restart does (its migrations and seed are done).
        logger.fatal(
          { err: error },
          'database: PGlite could not be reopened after the first-start work, exiting',
        )
        process.exit(1)
      },
    )
  }
  // Leftovers of a crash (docs/decisions/005); in the background, so it never delays start-up.
  sweepOrphanBlobs(deps)
    .then((swept) => {
      if (swept.orphans + swept.incomplete > 0) logger.info(swept, 'storage: removed orphaned blobs')
    })
    .catch((error) => logger.warn({ err: error }, 'storage: orphan sweep failed'))
  // Retention (POPIA s14): removes personal information past its limit, on every instance (an
  // advisory lock per kind keeps two instances off the same rows at once).
  const retention = scheduleRetention(db, logger, {
    limits: retentionLimits(config),
    batchSize: config.RETENTION_BATCH_SIZE,
    intervalMs: config.RETENTION_INTERVAL_MINUTES * 60_000,
  })
  // Backups (docs/decisions/027): every BACKUP_SCHEDULE_HOURS, keeping the newest BACKUP_KEEP.
  const backups = scheduleBackups(
    {
      db,
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      storageDir: config.storageDir,
      // With STORAGE_BACKEND=s3 the bucket's objects go into the archive (decision 030).
      blobStore: config.s3 ? blobStore : undefined,
    },
    {
      dir: config.backupDir,
      keep: config.BACKUP_KEEP,
      intervalMs: config.BACKUP_SCHEDULE_HOURS * 3_600_000,
      onDone: ({ file, removed }) => logger.info({ file, removed: removed.length }, 'backup written'),
      onError: (error) => logger.error({ err: error }, 'backup failed, retrying at the next run'),
    },
  )
  if (config.BACKUP_SCHEDULE_HOURS > 0) {
    logger.info({ dir: config.backupDir, everyHours: config.BACKUP_SCHEDULE_HOURS }, 'backups scheduled')
  }
  const gateway = createApp(deps)
  gateway.startHousekeeping()
  // Newsletter issues queued in the database are sent by this process (docs/decisions/017).
  const newsletters = config.NEWSLETTER_WORKER ? createNewsletterWorker(deps) : undefined
  newsletters?.start()
  // Issued statements get their generated PDF and their tenant's e-mail (issue 14).
  const statementWorker = await startStatementWorker(deps)
  const listen = {
    fetch: gateway.app.fetch,
    port: config.PORT,
    hostname: config.HOST,
    websocket: { server: gateway.websocket },
  }
  const server = serve(listen, (info) => {
    const lines = [
      '',
      `  Genesis Centre is running at ${config.siteUrl}  (listening on ${info.address}:${info.port})`,
      `  Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo content loaded' : ''}`,
      `  Anon key:         ${keys.anonKey}`,
    ]
    if (config.SEED_DEMO) {
      lines.push(`  Service-role key: ${keys.serviceRoleKey}`)
      lines.push('  Demo accounts (SEED_DEMO=true):')
      for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(6)}  ${a.email}  ${a.password}`)
    }
    console.log(`${lines.join('\n')}\n`)
  })

  // A port in use or an address this machine does not have: one line, not a stack.
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${error.code ?? error.message}`)
    process.exit(1)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down: finishing requests in flight')
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s: closing anyway')
      process.exit(1)
    }, 10_000)
    force.unref()
    // In order: stop accepting; close the realtime sockets (upgraded sockets would keep the server
    // open; the client reconnects elsewhere) and the change feed; let requests in flight finish;
    // then close the database they used.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    void (async () => {
      await statementWorker.stop()
      await gateway.stop()
      // The message in hand is finished and recorded; the rest of its batch goes back to the queue.
      await newsletters?.stop()
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      await closed
      await retention.stop()
      await backups.stop()
      await db.close()
      logger.info('stopped')
      process.exit(0)
    })()
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

await main()
