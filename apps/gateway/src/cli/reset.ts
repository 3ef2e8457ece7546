import { rm } from 'node:fs/promises'
import { openBlobStore } from '../blob-store/open-blob-store.ts'
import { loadConfig } from '../config.ts'
import { migrate } from '../database/migrate.ts'
import { openDatabase } from '../database/open-database.ts'
import { seedDemo, truncateAll } from '../database/seed.ts'
import { seedDemoImages } from '../demo/demo-images.ts'
import { seedStatementPdfs } from '../demo/statement-pdfs.ts'
import { createDeps } from '../deps.ts'
import { loadOrCreateKeys } from '../keys.ts'

// Empties the product's tables and stored files, then loads the demo content again.
const config = loadConfig()
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  dataDir: config.dataDir,
})
try {
  await migrate(db)
  await truncateAll(db)
  await rm(config.storageDir, { recursive: true, force: true })
  await seedDemo(db)
  const deps = createDeps({
    config,
    db,
    keys: await loadOrCreateKeys(config.dataDir, config),
    blobStore: await openBlobStore(config),
  })
  await seedStatementPdfs(deps)
  await seedDemoImages(deps)
  console.log('Database reset: demo content loaded.')
} finally {
  await db.close()
}
