import { resolve } from 'node:path'
import { BackupError, restoreBackup } from '../backup/backup.ts'
import { openBlobStore } from '../blob-store/open-blob-store.ts'
import { loadConfig } from '../config.ts'

// npm run restore <archive>: into an empty DATA_DIR (and, with DATABASE_URL, an empty database;
// with STORAGE_BACKEND=s3, an empty bucket the files are uploaded to, decision 030).
// Refuses, changing nothing, when the archive is corrupt or the target is not empty.
const archive = process.argv[2]
if (!archive) {
  console.error('Usage: npm run restore <archive.tar.gz>')
  process.exit(2)
}
const config = loadConfig()
let blobStore: Awaited<ReturnType<typeof openBlobStore>> | undefined
if (config.s3) {
  try {
    blobStore = await openBlobStore(config, { probe: true })
  } catch (error) {
    console.error(`Restore refused: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
}
try {
  const manifest = await restoreBackup(resolve(archive), {
    dataDir: config.dataDir,
    storageDir: config.storageDir,
    databaseUrl: config.DATABASE_URL,
    blobStore,
  })
  console.log(
    `Restored ${manifest.entries.length} entries of the ${manifest.engine} backup of ${manifest.createdAt} into ${config.dataDir}`,
  )
} catch (error) {
  if (!(error instanceof BackupError)) throw error
  console.error(`Restore refused: ${error.message}`)
  process.exitCode = 1
}
