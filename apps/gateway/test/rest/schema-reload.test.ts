import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/** Polls until `check` passes or `ms` run out (notifications arrive asynchronously after commit). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}

/**
 * Schema cache reload (issue 17, item 11): DDL applied by any tool is seen without a restart, by
 * PostgREST's `NOTIFY pgrst, 'reload schema'`, which event triggers send after every DDL.
 */
describe.each(drivers)('REST schema cache reload (%s)', (driver) => {
  let gw: TestGateway
  let service: ReturnType<TestGateway['client']>
  const visible = (table: string) => async () => (await service.from(table).select('*')).status === 200

  beforeAll(async () => {
    gw = await createTestGateway(driver)
    service = gw.client({ key: gw.keys.serviceRoleKey })
    // The first request loads the cache and starts listening.
    expect((await service.from('reload_a').select('*')).error?.code).toBe('PGRST205')
  })
  afterAll(() => gw.close())

  it('sees a table created after start-up, with its relationships, without being told', async () => {
    await gw.db.exec(`
      create table public.reload_a (id int primary key, name text);
      create table public.reload_b (id int primary key, a_id int references public.reload_a (id));
      insert into public.reload_a values (1, 'one');
      insert into public.reload_b values (10, 1);
      grant select on public.reload_a, public.reload_b to service_role;
    `)
    expect(await eventually(visible('reload_b'))).toBe(true)
    const { data, error } = await service.from('reload_b').select('id, reload_a(name)')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 10, reload_a: { name: 'one' } }])
  })

  it('sees a dropped column gone and a new function', async () => {
    await gw.db.exec(`
      alter table public.reload_a drop column name;
      create function public.reload_twice(n int) returns int language sql immutable as $$ select n * 2 $$;
    `)
    expect(await eventually(async () => (await service.rpc('reload_twice', { n: 4 })).data === 8)).toBe(true)
    expect((await service.from('reload_a').select('name')).error?.code).toBe('42703')
  })

  it('reloads on notify pgrst, reload schema, after DDL the triggers did not see', async () => {
    // In replica mode event triggers do not fire: only the explicit notification tells the gateway.
    // The test listens on the gateway's channel too. A channel delivers in commit order, so once a
    // marker notification sent after the DDL has arrived, a reload request from that DDL would have
    // arrived before it: none did, so the gateway was not told.
    const heard: string[] = []
    const stop = await gw.db.listen('pgrst', (payload) => heard.push(payload))
    await gw.db.exec(`
      begin;
      set local session_replication_role = replica;
      create table public.reload_quiet (id int primary key);
      grant select on public.reload_quiet to service_role;
      commit;
    `)
    await gw.db.exec(`notify pgrst, 'marker (not a reload)'`)
    expect(await eventually(async () => heard.includes('marker (not a reload)'))).toBe(true)
    await stop()
    expect(heard).toEqual(['marker (not a reload)'])
    expect(await visible('reload_quiet')()).toBe(false)
    await gw.db.exec(`notify pgrst, 'reload schema'`)
    expect(await eventually(visible('reload_quiet'))).toBe(true)
    await gw.db.exec(`
      begin;
      set local session_replication_role = replica;
      create table public.reload_quiet_2 (id int primary key);
      grant select on public.reload_quiet_2 to service_role;
      commit;
    `)
    // An empty payload reloads too, as in PostgREST.
    await gw.db.exec(`notify pgrst`)
    expect(await eventually(visible('reload_quiet_2'))).toBe(true)
  })

  it.runIf(driver === 'postgres')(
    'sees DDL from another connection, and catches up after losing its listener',
    async () => {
      const { rows } = await gw.db.query<{ db: string }>('select current_database() as db')
      const url = new URL(process.env.TEST_DATABASE_URL ?? '')
      url.pathname = `/${rows[0].db}`
      const other = new pg.Client({ connectionString: url.toString() })
      await other.connect()
      try {
        await other.query(`create table public.reload_other (id int primary key);
        grant select on public.reload_other to service_role;`)
        expect(await eventually(visible('reload_other'))).toBe(true)

        // Cut the LISTEN connection, then change the schema without any notification: the gateway
        // listens again and reloads, because it may have missed something while deaf.
        await other.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and application_name = 'genesis-listen:pgrst'`,
        )
        await other.query(`begin;
        set local session_replication_role = replica;
        create table public.reload_missed (id int primary key);
        grant select on public.reload_missed to service_role;
        commit;`)
        expect(await eventually(visible('reload_missed'))).toBe(true)
      } finally {
        await other.end()
      }
    },
  )
})
