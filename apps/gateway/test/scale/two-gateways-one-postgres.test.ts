import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, type Gateway } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { listMigrations, migrate } from '../../src/database/migrate.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { applySecuritySettings } from '../../src/database/security-settings.ts'
import { seedDemoIfEmpty } from '../../src/database/seed.ts'
import type { Database } from '../../src/database/types.ts'
import { createDeps } from '../../src/deps.ts'
import { RateCounters } from '../../src/http/rate-limit.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import { DEMO_PASSWORDS } from '../auth/helpers.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { withDatabase } from '../support/global-setup.ts'
import { DEMO } from '../support/tokens.ts'

/**
 * Issue 19: several gateways behind a load balancer on one PostgreSQL. Two gateways, each with its
 * own connection pool and its own LISTEN connection (as two processes have), on one fresh
 * database: they migrate it at the same moment, then share lock-outs and schema changes.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, set by npm test). In CI (`CI=true`) it runs whatever
 * happens, so a missing database fails the run instead of skipping this proof.
 */
const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'
const url = process.env.TEST_DATABASE_URL

interface Instance {
  db: Database
  gateway: Gateway
}

describe.skipIf(!url && !ci)('two gateways on one PostgreSQL', () => {
  const name = `genesis_multi_${randomBytes(6).toString('hex')}`
  let keys: Keys
  let a: Instance
  let b: Instance
  const applied: string[][] = []
  const seeded: boolean[] = []

  beforeAll(async () => {
    if (!url) throw new Error('TEST_DATABASE_URL is not set: the two-gateway proofs need PostgreSQL')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    keys = await keysFromSecret(TEST_JWT_SECRET)
    const open = () => openPostgres(withDatabase(url, name), 4)
    const [dbA, dbB] = await Promise.all([open(), open()])
    // Both start at the same moment, as two processes of one deployment do: each runs migrate().
    applied.push(...(await Promise.all([migrate(dbA), migrate(dbB)])))
    // And each loads the demo content if the database has none (SEED_DEMO=true, the default).
    seeded.push(...(await Promise.all([seedDemoIfEmpty(dbA), seedDemoIfEmpty(dbB)])))
    const start = async (db: Database): Promise<Instance> => {
      const config = loadConfig({
        DATA_DIR: '.data/test',
        LOG_LEVEL: 'silent',
        TRUST_PROXY: 'true',
        AUTH_RATE_LIMIT_SIGN_IN: '3',
        AUTH_SIGN_IN_SLOWDOWN_MS: '20',
        AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
      })
      await applySecuritySettings(db, config)
      return { db, gateway: createApp(createDeps({ config, db, keys })) }
    }
    a = await start(dbA)
    b = await start(dbB)
  })

  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.gateway.stop()
      await instance?.db.close()
    }
    if (!url) return
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  it('applies each migration exactly once when both start at the same time', async () => {
    const files = (await listMigrations()).map((f) => `${f.version}_${f.name}`)
    const [byA, byB] = applied
    // Every file was applied by one of the two, none by both.
    expect([...byA, ...byB].sort()).toEqual(files)
    expect(byA.filter((m) => byB.includes(m))).toEqual([])
    const { rows } = await a.db.query<{ version: string; n: number }>(
      `select version, count(*)::int as n from supabase_migrations.schema_migrations group by version order by version`,
    )
    expect(rows).toEqual(files.map((f) => ({ version: f.slice(0, 14), n: 1 })))
    // And neither finds anything left to do on a restart.
    expect(await Promise.all([migrate(a.db), migrate(b.db)])).toEqual([[], []])
  })

  it('loads the demo content once when both start at the same time', async () => {
    expect([...seeded].sort()).toEqual([false, true])
    const { rows } = await a.db.query<{ centres: number; accounts: number }>(
      `select (select count(*)::int from public.centre_settings) as centres,
              (select count(*)::int from auth.users where email = $1) as accounts`,
      [DEMO.tenantA.email],
    )
    expect(rows).toEqual([{ centres: 1, accounts: 1 }])
  })

  it('reports both gateways ready once the database is migrated', async () => {
    for (const { gateway } of [a, b]) {
      const res = await gateway.app.request('/health/ready')
      expect([res.status, await res.json()]).toEqual([200, { status: 'ready', database: 'postgres' }])
    }
  })

  it('counts every hit once when both gateways count one key at the same moment', async () => {
    const onA = new RateCounters(a.db)
    const onB = new RateCounters(b.db)
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? onA : onB).add(['test:shared', `test:own-${i}`], 60),
      ),
    )
    // One statement per hit, serialised on the key's row: the counts are 1…40, each seen once.
    const counts = hits.map((h) => h.get('test:shared')?.count).sort((x = 0, y = 0) => x - y)
    expect(counts).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    expect((await onB.peek(['test:shared'])).get('test:shared')?.count).toBe(40)
    await onA.reset(['test:shared'])
    expect((await onB.peek(['test:shared'])).size).toBe(0)
  })

  it('holds a sign-in lock-out caused through gateway A on gateway B', async () => {
    const signIn = (instance: Instance, from: string, password: string) =>
      instance.gateway.app.request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: {
          apikey: keys.anonKey,
          authorization: `Bearer ${keys.anonKey}`,
          'content-type': 'application/json',
          'x-forwarded-for': from,
        },
        body: JSON.stringify({ email: DEMO.tenantA.email, password }),
      })
    const attacker = '203.0.113.77'
    for (let i = 0; i < 3; i++) expect((await signIn(a, attacker, `wrong guess ${i}`)).status).toBe(400)
    // Through B, the guesser's address is refused, even with the right password…
    const refused = await signIn(b, attacker, DEMO_PASSWORDS.tenantA)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ code: 'over_request_rate_limit' })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // …and through A as well, while the owner signs in through B from elsewhere.
    expect((await signIn(a, attacker, DEMO_PASSWORDS.tenantA)).status).toBe(429)
    expect((await signIn(b, '198.51.100.70', DEMO_PASSWORDS.tenantA)).status).toBe(200)
  })

  it('shows a migration applied through gateway A over REST on gateway B without a restart', async () => {
    const probe = () =>
      b.gateway.app.request('/rest/v1/multi_gateway_probes?select=id,note', {
        headers: { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` },
      })
    // B has loaded its schema cache, and the table does not exist yet.
    const before = await probe()
    expect(before.status).toBe(404)
    expect(await before.json()).toMatchObject({ code: 'PGRST205' })

    // A new migration, run the way gateway A runs migrations at start-up.
    const dir = mkdtempSync(join(tmpdir(), 'multi-migrations-'))
    writeFileSync(
      join(dir, '29991231000000_create_multi_gateway_probes.sql'),
      `create table public.multi_gateway_probes (id integer primary key, note text not null);
       alter table public.multi_gateway_probes enable row level security;
       create policy "Anyone can read the probes" on public.multi_gateway_probes for select using (true);
       insert into public.multi_gateway_probes values (1, 'added through A');`,
    )
    expect(readdirSync(dir)).toHaveLength(1)
    expect(await migrate(a.db, dir)).toEqual(['29991231000000_create_multi_gateway_probes'])

    // B hears `notify pgrst` on its own connection and reloads: poll, bounded, since it is asynchronous.
    let after = await probe()
    for (let i = 0; after.status !== 200; i++) {
      if (i > 200) throw new Error(`B never saw the new table: ${after.status} ${await after.text()}`)
      await new Promise((r) => setTimeout(r, 50))
      after = await probe()
    }
    expect(await after.json()).toEqual([{ id: 1, note: 'added through A' }])
  })
})
