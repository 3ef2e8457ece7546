import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, drivers, type TestDatabase } from '../../test/support/database.ts'
import { listMigrations, migrate, parseMigrationName } from './migrate.ts'

describe('migration file names', () => {
  it('reads version and name from YYYYMMDDHHMMSS_verb_object.sql', () => {
    expect(parseMigrationName('20261121000001_create_roles.sql')).toEqual({
      version: '20261121000001',
      name: 'create_roles',
    })
    expect(parseMigrationName('create_roles.sql')).toBeNull()
    expect(parseMigrationName('20261121000001_Create-Roles.sql')).toBeNull()
  })

  it('lists the project migrations in order, each name valid', async () => {
    const files = await listMigrations()
    expect(files.length).toBeGreaterThanOrEqual(5)
    expect(files.map((f) => f.version)).toEqual([...files.map((f) => f.version)].sort())
  })
})

describe.each(drivers)('migrations on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('has applied every migration once and records each', async () => {
    const files = await listMigrations()
    const { rows } = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations order by version',
    )
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.version))
  })

  it('applies nothing the second time', async () => {
    expect(await migrate(db)).toEqual([])
  })

  it('creates the three roles, service_role bypassing RLS', async () => {
    const { rows } = await db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by 1`,
    )
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ])
  })

  it('turns row-level security on for every table a client can reach', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in ('public', 'storage') and not c.relrowsecurity`,
    )
    expect(rows).toEqual([])
  })

  it('creates the storage buckets of the product', async () => {
    const { rows } = await db.query('select id, public, file_size_limit from storage.buckets order by id')
    expect(rows).toEqual([
      { id: 'floor-plans', public: true, file_size_limit: 10485760 },
      { id: 'maintenance-photos', public: false, file_size_limit: 5242880 },
      { id: 'payment-proofs', public: false, file_size_limit: 5242880 },
      { id: 'shop-logos', public: true, file_size_limit: 2097152 },
      { id: 'statements', public: false, file_size_limit: 10485760 },
      { id: 'whats-on-images', public: true, file_size_limit: 5242880 },
    ])
  })

  it('rolls a failing migration back whole and records nothing', async () => {
    const { mkdtemp, writeFile, copyFile, readdir } = await import('node:fs/promises')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const { MIGRATIONS_DIR } = await import('./migrate.ts')
    const dir = await mkdtemp(join(tmpdir(), 'migrations-'))
    for (const f of await readdir(MIGRATIONS_DIR)) await copyFile(join(MIGRATIONS_DIR, f), join(dir, f))
    await writeFile(
      join(dir, '29991231000000_break_things.sql'),
      'create table public.half_done (id int); select * from no_such_table;',
    )
    await expect(migrate(db, dir)).rejects.toThrow(/29991231000000_break_things failed/)
    const { rows } = await db.query(`select to_regclass('public.half_done') as t`)
    expect(rows[0].t).toBeNull()
    const recorded = await db.query(
      `select 1 from supabase_migrations.schema_migrations where version = '29991231000000'`,
    )
    expect(recorded.rows).toEqual([])
  })
})
