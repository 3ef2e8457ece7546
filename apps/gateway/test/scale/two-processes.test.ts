import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listMigrations, migrate } from '../../src/database/migrate.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { type Keys, keysFromSecret } from '../../src/keys.ts'
import { subscribed, waitFor } from '../realtime/realtime-helpers.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import {
  freePort,
  type GatewayProcess,
  startGatewayProcess,
  stopGatewayProcess,
  waitForReady,
} from '../support/gateway-process.ts'
import { withDatabase } from '../support/global-setup.ts'

/**
 * Issue 19 on real processes: two `node apps/gateway/src/main.ts` started at the same moment, each
 * with its own port and data folder, on one fresh PostgreSQL database, sharing one STORAGE_DIR (a
 * shared disk, as an NFS mount or a volume behind two containers would be). Everything is checked
 * through the real supabase-js over real sockets: migrations applied once, a broadcast and
 * presence across the two, a sign-in lock-out caused on one holding on the other, and a file
 * uploaded through one downloaded through the other.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, set by npm test). In CI (`CI=true`) it runs whatever
 * happens, so a missing database fails the run instead of skipping this proof. The processes start
 * with WEB_BUILD_ON_START=false: they serve the API only and never build the web app.
 */
const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'
const url = process.env.TEST_DATABASE_URL

/** The migrations a process reports applying (its `migrations applied` log line; none: []). */
function appliedBy(instance: GatewayProcess): string[] {
  for (const line of instance.output().split('\n')) {
    if (!line.startsWith('{')) continue
    const entry = JSON.parse(line) as { msg?: string; applied?: string[] }
    if (entry.msg === 'migrations applied') return entry.applied ?? []
  }
  return []
}

describe.skipIf(!url && !ci)('two gateway processes on one PostgreSQL', () => {
  const database = `genesis_procs_${randomBytes(6).toString('hex')}`
  const folder = mkdtempSync(join(tmpdir(), 'genesis-two-processes-'))
  let keys: Keys
  let a: GatewayProcess
  let b: GatewayProcess
  let ready: unknown[] = []
  const clients: SupabaseClient[] = []

  const client = (instance: GatewayProcess, headers: Record<string, string> = {}, key = keys.anonKey) => {
    const made = createClient(instance.base, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers },
    })
    clients.push(made)
    return made
  }

  beforeAll(async () => {
    if (!url) throw new Error('TEST_DATABASE_URL is not set: the two-process proofs need PostgreSQL')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${database}`)
    await admin.end()
    keys = await keysFromSecret(TEST_JWT_SECRET)
    const shared = {
      DATABASE_URL: withDatabase(url, database),
      // The same keys on both, as a deployment sets them (a key signed again carries another iat).
      JWT_SECRET: TEST_JWT_SECRET,
      ANON_KEY: keys.anonKey,
      SERVICE_ROLE_KEY: keys.serviceRoleKey,
      STORAGE_DIR: join(folder, 'shared-storage'),
      SEED_DEMO: 'false',
      WEB_BUILD_ON_START: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_SIGN_IN: '3',
      AUTH_SIGN_IN_SLOWDOWN_MS: '20',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '300',
      RETENTION_INTERVAL_MINUTES: '0',
    }
    const [portA, portB] = [await freePort(), await freePort()]
    // Started in the same tick: both race for the migration lock on the empty database.
    a = startGatewayProcess({
      name: 'gateway A',
      port: portA,
      env: { ...shared, DATA_DIR: join(folder, 'a') },
    })
    b = startGatewayProcess({
      name: 'gateway B',
      port: portB,
      env: { ...shared, DATA_DIR: join(folder, 'b') },
    })
    ready = await Promise.all([waitForReady(a), waitForReady(b)])
  }, 240_000)

  afterAll(async () => {
    for (const made of clients) {
      await made.removeAllChannels().catch(() => undefined)
      made.realtime.disconnect()
    }
    await Promise.all([stopGatewayProcess(a), stopGatewayProcess(b)])
    if (url) {
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`drop database if exists ${database} with (force)`)
      await admin.end()
    }
    rmSync(folder, { recursive: true, force: true })
  }, 60_000)

  it('both report ready on PostgreSQL, and each migration was applied once, by one of the two', async () => {
    expect(ready).toEqual([
      { status: 'ready', database: 'postgres' },
      { status: 'ready', database: 'postgres' },
    ])
    const files = (await listMigrations()).map((f) => `${f.version}_${f.name}`)
    const [byA, byB] = [appliedBy(a), appliedBy(b)]
    expect([...byA, ...byB].sort()).toEqual(files)
    expect(byA.filter((m) => byB.includes(m))).toEqual([])
    const db = new pg.Client({ connectionString: withDatabase(url ?? '', database) })
    await db.connect()
    try {
      const { rows } = await db.query<{ version: string; n: number }>(
        'select version, count(*)::int as n from supabase_migrations.schema_migrations group by version order by version',
      )
      expect(rows).toEqual(files.map((f) => ({ version: f.slice(0, 14), n: 1 })))
    } finally {
      await db.end()
    }
  })

  it('a broadcast sent through A reaches a client connected to B', async () => {
    const got: { event: string; payload?: unknown }[] = []
    const sender = client(a).channel('two-processes-news')
    const listener = client(b)
      .channel('two-processes-news')
      .on('broadcast', { event: '*' }, (m) => got.push(m))
    await subscribed(sender)
    await subscribed(listener)
    expect(
      await sender.send({ type: 'broadcast', event: 'opened', payload: { shop: 'G01', from: 'A' } }),
    ).toBe('ok')
    const first = await waitFor('the broadcast on B', () => got[0], 15_000)
    expect(first).toMatchObject({ event: 'opened', payload: { shop: 'G01', from: 'A' } })
  })

  it('presence lists the clients of both processes on each', async () => {
    const onA = client(a).channel('two-processes-lobby', {
      config: { presence: { key: 'ann', enabled: true } },
    })
    const onB = client(b).channel('two-processes-lobby', {
      config: { presence: { key: 'ben', enabled: true } },
    })
    await subscribed(onA)
    await subscribed(onB)
    expect(await onA.track({ user: 'Ann' })).toBe('ok')
    expect(await onB.track({ user: 'Ben' })).toBe('ok')
    await waitFor('Ann and Ben on A', () => onA.presenceState().ann && onA.presenceState().ben, 15_000)
    await waitFor('Ann and Ben on B', () => onB.presenceState().ann && onB.presenceState().ben, 15_000)
    expect(onA.presenceState().ben).toMatchObject([{ user: 'Ben' }])
    expect(onB.presenceState().ann).toMatchObject([{ user: 'Ann' }])
  })

  it('a sign-in lock-out caused through A holds on B', async () => {
    const email = `lockout-${randomBytes(4).toString('hex')}@example.com`
    const password = 'Two-processes-2026!'
    const created = await client(a, {}, keys.serviceRoleKey).auth.admin.createUser({
      email,
      password,
      email_confirm: true,
    })
    expect(created.error).toBeNull()

    const guesser = { 'x-forwarded-for': '203.0.113.91' }
    for (let i = 0; i < 3; i++) {
      const { error } = await client(a, guesser).auth.signInWithPassword({ email, password: `wrong ${i}` })
      expect(error?.status).toBe(400)
    }
    // Through B, the guesser's address is refused even with the right password…
    const refused = await client(b, guesser).auth.signInWithPassword({ email, password })
    expect(refused.error?.status).toBe(429)
    expect(refused.error?.code).toBe('over_request_rate_limit')
    // …while the owner, from elsewhere, signs in through B.
    const owner = await client(b, { 'x-forwarded-for': '198.51.100.91' }).auth.signInWithPassword({
      email,
      password,
    })
    expect(owner.error).toBeNull()
    expect(owner.data.session?.access_token).toBeTruthy()
  })

  it('a file uploaded through A downloads through B (one shared STORAGE_DIR)', async () => {
    const onA = client(a, {}, keys.serviceRoleKey).storage
    const onB = client(b, {}, keys.serviceRoleKey).storage
    expect((await onA.createBucket('two-processes', { public: false })).error).toBeNull()
    const bytes = randomBytes(256 * 1024)
    const up = await onA.from('two-processes').upload('plans/unit-7.bin', bytes, {
      contentType: 'application/octet-stream',
    })
    expect(up.error).toBeNull()
    const down = await onB.from('two-processes').download('plans/unit-7.bin')
    expect(down.error).toBeNull()
    expect(Buffer.from(await (down.data as Blob).arrayBuffer()).equals(bytes)).toBe(true)
  })

  it('a migration applied while both run is visible over REST on both without a restart', async () => {
    const anon = (instance: GatewayProcess) => client(instance).from('two_process_probes').select('id, note')
    // Both have loaded their schema cache, and the table does not exist yet.
    for (const instance of [a, b]) expect((await anon(instance)).error?.code).toBe('PGRST205')

    // Applied the way a gateway applies migrations at start-up (a third one, with a newer release).
    const dir = mkdtempSync(join(folder, 'migrations-'))
    writeFileSync(
      join(dir, '29991231000001_create_two_process_probes.sql'),
      `create table public.two_process_probes (id integer primary key, note text not null);
       alter table public.two_process_probes enable row level security;
       create policy "Anyone can read the probes" on public.two_process_probes for select using (true);
       grant select on public.two_process_probes to anon;
       insert into public.two_process_probes values (1, 'added while both ran');`,
    )
    const db = await openPostgres(withDatabase(url ?? '', database), 1)
    try {
      expect(await migrate(db, dir)).toEqual(['29991231000001_create_two_process_probes'])
    } finally {
      await db.close()
    }

    // Each process hears `notify pgrst` on its own connection and reloads: poll, bounded.
    for (const instance of [a, b]) {
      let seen = await anon(instance)
      for (let i = 0; seen.error; i++) {
        if (i > 300) throw new Error(`${instance.name} never saw the table: ${seen.error.message}`)
        await new Promise((r) => setTimeout(r, 50))
        seen = await anon(instance)
      }
      expect(seen.data).toEqual([{ id: 1, note: 'added while both ran' }])
    }
  })
})
