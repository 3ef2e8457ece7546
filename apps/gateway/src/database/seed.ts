import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from './types.ts'

export const SEED_FILE = new URL('../../../../supabase/seed.sql', import.meta.url).pathname
/** Further demo content, one file per area (`NN_area.sql`), loaded after seed.sql in name order. */
export const SEED_DIR = new URL('../../../../supabase/seed/', import.meta.url).pathname

/** The demo accounts that supabase/seed.sql creates (listed in the README too). */
export const DEMO_ACCOUNTS = [
  { role: 'admin', email: 'admin@genesis-centre.test', password: 'Admin-demo-2024!' },
  { role: 'tenant', email: 'tenant.a@genesis-centre.test', password: 'Tenant-A-demo-2024!' },
  { role: 'tenant', email: 'tenant.b@genesis-centre.test', password: 'Tenant-B-demo-2024!' },
] as const

/** True when the database holds no centre yet (a fresh data folder). */
export async function isEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.centre_settings')
  return rows[0].n === 0
}

/** The seed files in the order they load: seed.sql, then supabase/seed/*.sql by name. */
export async function listSeedFiles(file = SEED_FILE, dir = SEED_DIR): Promise<string[]> {
  const extra = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return [
    file,
    ...extra
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .map((f) => join(dir, f)),
  ]
}

/** Loads the demo content in one transaction: all of it or none. */
export async function seedDemo(db: Database, file = SEED_FILE, dir = SEED_DIR): Promise<void> {
  const files = await listSeedFiles(file, dir)
  const scripts = await Promise.all(files.map((f) => readFile(f, 'utf8')))
  await db.transaction(async (tx) => {
    for (const sql of scripts) await tx.exec(sql)
  })
}

/**
 * Loads the demo content when the database holds no centre yet, and says whether it did. Several
 * gateways starting at once on one fresh database (SEED_DEMO=true) check and load under one
 * advisory lock, so exactly one of them seeds and the others find the centre there.
 */
export async function seedDemoIfEmpty(db: Database, file = SEED_FILE, dir = SEED_DIR): Promise<boolean> {
  const files = await listSeedFiles(file, dir)
  const scripts = await Promise.all(files.map((f) => readFile(f, 'utf8')))
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from public.centre_settings')
    if (rows[0].n > 0) return false
    for (const sql of scripts) await tx.exec(sql)
    return true
  })
}

/** The advisory lock key of demo seeding (the migrations take 7243001). */
const SEED_LOCK = 7243002

/** Empties every table of the product (auth, storage metadata and public data) for db:reset. */
export async function truncateAll(db: Database): Promise<void> {
  await db.exec(`do $$
declare t record;
begin
  for t in select schemaname, tablename from pg_tables
    where schemaname in ('public', 'auth', 'storage') and (schemaname, tablename) <> ('storage', 'buckets')
  loop
    execute format('truncate table %I.%I restart identity cascade', t.schemaname, t.tablename);
  end loop;
end $$;`)
}
