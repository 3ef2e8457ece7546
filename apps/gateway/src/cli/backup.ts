import { join, resolve } from 'node:path'
import { archiveName, BackupError, createBackup, pruneBackups } from '../backup/backup.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../database/open-database.ts'

// npm run backup [file]: one archive of the database and every stored file (docs/decisions/027).
// On the embedded database, stop the gateway first (or use BACKUP_SCHEDULE_HOURS inside it): one
// PGlite data folder is opened by one process at a time.
const config = loadConfig()
if (config.s3) {
  // The archive would hold the database but none of the files, which live in the bucket.
  console.error(
    'Backup refused: the stored files are in an S3 bucket (STORAGE_BACKEND=s3), and backups of a bucket are not built yet. Back the bucket up with its own tools.',
  )
  process.exit(1)
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
    { db, databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, storageDir: config.storageDir },
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
