import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { migrate } from '../../src/database/migrate.ts'
import { openPglite } from '../../src/database/pglite.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { PG_TEMPLATE, PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './template-names.ts'

/**
 * Migrates one PGlite and (when TEST_DATABASE_URL is set) one PostgreSQL template database before
 * the suite, so that each test file starts from a copy instead of re-running every migration.
 */
export default async function setup() {
  let dropTemplate: (() => Promise<void>) | undefined
  const started = performance.now()
  const pglite = await openPglite()
  await migrate(pglite)
  const dump = await pglite.dumpDataDir()
  await pglite.close()
  {
    const dir = join(tmpdir(), `genesis-test-${process.pid}`)
    mkdirSync(dir, { recursive: true })
    const file = join(dir, 'pglite-template.tar.gz')
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    process.env[PGLITE_TEMPLATE_ENV] = file
  }

  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    console.log('\n  PostgreSQL suite skipped: TEST_DATABASE_URL is not set (npm test sets it up).\n')
  } else {
    const template = `${PG_TEMPLATE}_${process.pid}`
    process.env[PG_TEMPLATE_ENV] = template
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${template} with (force)`)
    await admin.query(`create database ${template}`)
    await admin.end()
    const db = await openPostgres(withDatabase(url, template), 1)
    await migrate(db)
    await db.close()
    console.log(`\n  PostgreSQL suite enabled (${new URL(url).host}).\n`)
    dropTemplate = async () => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(`drop database if exists ${template} with (force)`)
      await client.end()
    }
  }
  console.log(`  Test templates ready in ${Math.round(performance.now() - started)} ms`)
  // Vitest calls this after the run: this run's template goes with it.
  return async () => {
    await dropTemplate?.()
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
