import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import pg from 'pg'
import { migrate } from '../../src/database/migrate.ts'
import { openPglite } from '../../src/database/pglite.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { seedDemo } from '../../src/database/seed.ts'
import type { Database } from '../../src/database/types.ts'
import { PG_TEMPLATE, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './template-names.ts'

export type Driver = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (npm test and CI set it). */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export interface TestDatabase extends Database {
  driver: Driver
}

/**
 * A fresh, fully migrated database for one test file: a copy of the suite's template (PGlite data
 * dump, or `create database … template …` on PostgreSQL), dropped again on close.
 */
export async function createTestDatabase(
  driver: Driver,
  options: { seed?: boolean } = {},
): Promise<TestDatabase> {
  let db: Database
  if (driver === 'pglite') {
    const template = process.env[PGLITE_TEMPLATE_ENV]
    if (template) {
      db = await openPglite(undefined, { loadDataDir: new Blob([readFileSync(template)]) })
    } else {
      db = await openPglite()
      await migrate(db)
    }
  } else {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('TEST_DATABASE_URL is not set')
    const name = `genesis_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${process.env[PG_TEMPLATE_ENV] ?? PG_TEMPLATE}`)
    await admin.end()
    const u = new URL(url)
    u.pathname = `/${name}`
    const inner = await openPostgres(u.toString(), 4)
    db = {
      ...inner,
      async close() {
        await inner.close()
        const drop = new pg.Client({ connectionString: url })
        await drop.connect()
        // pg's pool.end() can resolve while its clients are still saying goodbye; dropping the
        // database under them then kills them with a FATAL error nobody handles. Wait for them.
        for (let i = 0; i < 100; i++) {
          const { rows } = await drop.query(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          )
          if (rows[0].n === 0) break
          await new Promise((r) => setTimeout(r, 20))
        }
        await drop.query(`drop database if exists ${name} with (force)`)
        await drop.end()
      },
    }
  }
  if (options.seed) await seedDemo(db)
  return Object.assign(db, { driver })
}
