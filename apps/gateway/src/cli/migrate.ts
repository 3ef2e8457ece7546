import { loadConfig } from '../config.ts'
import { migrate } from '../database/migrate.ts'
import { openDatabase } from '../database/open-database.ts'

const config = loadConfig()
const db = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  dataDir: config.dataDir,
})
try {
  const applied = await migrate(db)
  console.log(applied.length ? `Applied ${applied.length}: ${applied.join(', ')}` : 'Database is up to date.')
} finally {
  await db.close()
}
