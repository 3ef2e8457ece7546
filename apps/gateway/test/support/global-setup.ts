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
  requirePostgresInCi(process.env)
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

/**
 * In CI (`CI=true`) the PostgreSQL half of the suite must run: without TEST_DATABASE_URL the run
 * fails here, loudly, instead of passing on PGlite alone and looking green.
 */
export function requirePostgresInCi(env: Record<string, string | undefined>): void {
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0'
  if (ci && !env.TEST_DATABASE_URL) {
    throw new Error(
      'CI is set but TEST_DATABASE_URL is not: the PostgreSQL half of the suite would be skipped. ' +
        'Run the suite through npm test (scripts/test-env.sh starts PostgreSQL) or set TEST_DATABASE_URL.',
    )
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
