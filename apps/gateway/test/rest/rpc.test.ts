import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshSchemaCache } from '../../src/services/rest/schema-cache.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { createRestFixtures } from './fixtures.ts'

describe.each(drivers)('REST RPC through supabase-js (%s)', (driver) => {
  let gw: TestGateway
  let anon: ReturnType<TestGateway['client']>
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await createRestFixtures(gw)
    await gw.db.exec(`
      create function public.rest_add(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
      create function public.rest_hello(name text) returns text language sql stable as $$ select 'Hello, ' || name $$;
      create function public.rest_first_label() returns public.rest_labels language sql stable as
        $$ select * from public.rest_labels order by id limit 1 $$;
      create function public.rest_labels_from(min_id int) returns setof public.rest_labels language sql stable as
        $$ select * from public.rest_labels where id >= min_id $$;
      create function public.rest_pairs(n int) returns table (k int, v text) language sql stable as
        $$ select i, 'v' || i from generate_series(1, n) as i $$;
      create function public.rest_numbers(n int) returns setof int language sql stable as
        $$ select generate_series(1, n) $$;
      create function public.rest_count(items text[]) returns int language sql immutable as $$ select cardinality(items) $$;
      create function public.rest_noop() returns void language sql as $$ select $$;
      create function public.rest_add_label(id int, name text) returns public.rest_labels language sql as
        $$ insert into public.rest_labels values (id, name) returning * $$;
      create function public.rest_whoami() returns text language sql stable as $$ select current_user || ':' || coalesce(auth.uid()::text, '-') $$;
    `)
    await refreshSchemaCache(gw.db)
    anon = gw.client()
  })
  afterAll(() => gw.close())

  it('returns a bare scalar over POST and GET, using defaults', async () => {
    expect(await anon.rpc('rest_add', { a: 2, b: 3 })).toMatchObject({ data: 5, status: 200, error: null })
    expect((await anon.rpc('rest_add', { a: 2 })).data).toBe(3)
    expect((await anon.rpc('rest_add', { a: 4, b: 5 }, { get: true })).data).toBe(9)
    expect((await anon.rpc('rest_hello', { name: 'Thandi' })).data).toBe('Hello, Thandi')
    expect((await anon.rpc('rest_count', { items: ['a', 'b', 'c'] })).data).toBe(3)
    expect((await anon.rpc('rest_count', { items: ['a', 'b'] }, { get: true })).data).toBe(2)
  })

  it('returns a composite as an object and setof/table as arrays that take filters, order and limits', async () => {
    expect((await anon.rpc('rest_first_label')).data).toEqual({ id: 1, name: 'organic' })
    const set = await anon.rpc('rest_labels_from', { min_id: 2 }).order('id', { ascending: false })
    expect(set.data).toEqual([
      { id: 3, name: 'imported' },
      { id: 2, name: 'local' },
    ])
    const filtered = await anon.rpc('rest_labels_from', { min_id: 1 }).select('name').eq('id', 2).single()
    expect(filtered.data).toEqual({ name: 'local' })
    const counted = await anon.rpc('rest_pairs', { n: 5 }, { count: 'exact' }).gt('k', 1).limit(2)
    expect(counted.data).toEqual([
      { k: 2, v: 'v2' },
      { k: 3, v: 'v3' },
    ])
    expect(counted.count).toBe(4)
    expect((await anon.rpc('rest_numbers', { n: 3 })).data).toEqual([1, 2, 3])
  })

  it('embeds from a function returning table rows', async () => {
    const { data, error } = await anon.rpc('rest_labels_from', { min_id: 3 }).select('name, rest_items(name)')
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'imported', rest_items: [{ name: 'banana' }] }])
  })

  it('counts a function’s rows without them with head: true', async () => {
    const { data, count, error, status } = await anon.rpc(
      'rest_pairs',
      { n: 3 },
      { head: true, count: 'exact' },
    )
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(count).toBe(3)
    expect(data).toBeNull()
  })

  it('answers void with 204 and no data', async () => {
    const result = await anon.rpc('rest_noop')
    expect(result.error).toBeNull()
    expect(result.status).toBe(204)
    expect(result.data).toBeNull()
  })

  it('runs volatile functions read-write over POST and read-only over GET', async () => {
    const service = gw.client({ key: gw.keys.serviceRoleKey })
    const written = await service.rpc('rest_add_label', { id: 40, name: 'forty' })
    expect(written.data).toEqual({ id: 40, name: 'forty' })
    const refused = await service.rpc('rest_add_label', { id: 41, name: 'x' }, { get: true })
    expect(refused.status).toBe(405)
    expect(refused.error?.code).toBe('25006')
  })

  it('runs as the caller', async () => {
    expect((await anon.rpc('rest_whoami')).data).toBe('anon:-')
  })

  it('answers an unknown function or argument with 404 PGRST202', async () => {
    const unknown = await anon.rpc('nope', { a: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.nope(a) in the schema cache',
    })
    expect((await anon.rpc('rest_add', { z: 1 })).error?.code).toBe('PGRST202')
  })

  it('answers a bad argument value with a 400 and other verbs with 405 PGRST101', async () => {
    const bad = await anon.rpc('rest_add', { a: 'x' })
    expect(bad.status).toBe(400)
    expect(bad.error?.code).toBe('22P02')
    const res = await gw.app.request('/rest/v1/rpc/rest_add', {
      method: 'PATCH',
      headers: { apikey: gw.keys.anonKey },
    })
    expect(res.status).toBe(405)
    expect(await res.json()).toMatchObject({
      code: 'PGRST101',
      message: 'Cannot use the PATCH method on RPC',
    })
  })
})
