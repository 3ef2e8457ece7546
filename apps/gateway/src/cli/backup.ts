import { join, resolve } from 'node:path'
import { archiveName, BackupError, createBackup, pruneBackups } from '../backup/backup.ts'
import { openBlobStore } from '../blob-store/open-blob-store.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../database/open-database.ts'

// npm run backup [file]: one archive of the database and every stored file (docs/decisions/027).
// On the embedded database, stop the gateway first (or use BACKUP_SCHEDULE_HOURS inside it): one
// PGlite data folder is opened by one process at a time.
// With STORAGE_BACKEND=s3 the archive holds every object of the bucket (decision 030).
const config = loadConfig()
let blobStore: Awaited<ReturnType<typeof openBlobStore>> | undefined
if (config.s3) {
  try {
    blobStore = await openBlobStore(config, { probe: true })
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
const now = new Date()
const file = process.argv[2] ? resolve(process.argv[2]) : join(config.backupDir, archiveName(now))
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  dataDir: config.dataDir,
})
try {
  const manifest = await createBackup(
    {
      db,
      databaseUrl: config.DATABASE_URL,
      dataDir: config.dataDir,
      storageDir: config.storageDir,
      blobStore,
    },
    file,
    now,
  )
  console.log(`Backup written: ${file} (${manifest.entries.length} entries, ${manifest.engine})`)
  if (!process.argv[2]) {
    const removed = await pruneBackups(config.backupDir, config.BACKUP_KEEP)
    if (removed.length)
      console.log(`Removed ${removed.length} older backup(s), keeping ${config.BACKUP_KEEP}.`)
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(`Backup failed: ${error.message}`)
  process.exitCode = 1
} finally {
  await db.close()
}
