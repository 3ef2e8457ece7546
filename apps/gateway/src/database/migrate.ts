import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from './types.ts'

export const MIGRATIONS_DIR = new URL('../../../../supabase/migrations/', import.meta.url).pathname

export interface MigrationFile {
  version: string
  name: string
  path: string
}

/** `20261121000000_create_roles.sql` → version `20261121000000`, name `create_roles`. */
export function parseMigrationName(file: string): Omit<MigrationFile, 'path'> | null {
  const match = /^(\d{14})_([a-z0-9_]+)\.sql$/.exec(file)
  return match ? { version: match[1], name: match[2] } : null
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  return files.map((file) => {
    const parsed = parseMigrationName(file)
    if (!parsed) throw new Error(`Migration file name must read YYYYMMDDHHMMSS_verb_object.sql: ${file}`)
    return { ...parsed, path: join(dir, file) }
  })
}

/** The advisory lock key every migration runner takes (one migration file at a time). */
const MIGRATION_LOCK = 7243001

const BOOKKEEPING = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  applied_at timestamptz not null default now()
);`

/**
 * Applies every migration not yet recorded, in file-name order, each in its own transaction with
 * its bookkeeping row, so a failure leaves the database at the last good migration. An advisory
 * lock makes concurrent runners (several gateway processes) apply each file exactly once.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Under the same lock: two runners creating the bookkeeping table at once would collide in the
  // catalogue (`create … if not exists` is not safe against a concurrent create).
  await db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    await tx.exec(BOOKKEEPING)
  })
  const applied: string[] = []
  for (const migration of await listMigrations(dir)) {
    const sql = await readFile(migration.path, 'utf8')
    const ran = await db.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`)
      const done = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [
        migration.version,
      ])
      if (done.rows.length > 0) return false
      try {
        await tx.exec(sql)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new Error(`Migration ${migration.version}_${migration.name} failed: ${message}`, {
          cause: error,
        })
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ])
      return true
    })
    if (ran) applied.push(`${migration.version}_${migration.name}`)
  }
  return applied
}
