import type { PostgrestSingleResponse } from '@supabase/supabase-js'
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
      create function public.rest_echo(json) returns json language sql immutable as $$ select $1 $$;
      create function public.rest_echo_b(jsonb) returns text language sql immutable as $$ select jsonb_typeof($1) || ':' || $1::text $$;
      create function public.rest_shout(text) returns text language sql immutable as $$ select upper($1) $$;
      create function public.rest_size(bytea) returns int language sql immutable as $$ select length($1) $$;
      create function public.rest_unnamed_int(int) returns int language sql immutable as $$ select $1 $$;
      create function public.rest_label_text(l public.rest_labels) returns text language sql immutable as
        $$ select l.id || ':' || l.name $$;
      create function public.rest_pick(a int) returns text language sql immutable as $$ select 'one int' $$;
      create function public.rest_pick(a int, b int) returns text language sql immutable as $$ select 'two ints' $$;
      create function public.rest_pick(s text) returns text language sql immutable as $$ select 'text' $$;
      create function public.rest_dup(a int) returns text language sql immutable as $$ select 'int' $$;
      create function public.rest_dup(a text) returns text language sql immutable as $$ select 'text' $$;
      create function public.rest_sum(variadic nums int[]) returns int language sql immutable as
        $$ select sum(n)::int from unnest(nums) n $$;
      create function public.rest_named_json(data json) returns text language sql immutable as $$ select data::text $$;
      create function public.rest_untyped_rows() returns setof record language sql stable as
        $$ select 1 as k, 'one'::text as v union all select 2, 'two' $$;
      create function public.rest_untyped_row() returns record language sql stable as $$ select 7 as k, 'seven'::text as v $$;
      create function public.rest_drop_labels_from(min_id int) returns setof public.rest_labels language sql as
        $$ delete from public.rest_labels where id >= min_id returning * $$;
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

  describe('calls as PostgREST resolves them (issue 17, item 6)', () => {
    const post = (fn: string, body: BodyInit, contentType: string) =>
      gw.app.request(`/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: gw.keys.anonKey, 'content-type': contentType },
        body,
      })

    it('passes the whole body to a single unnamed json/jsonb parameter', async () => {
      expect((await anon.rpc('rest_echo', { a: 1, b: [2, 'x'] })).data).toEqual({ a: 1, b: [2, 'x'] })
      expect((await anon.rpc('rest_echo', { '': 5 })).data).toEqual({ '': 5 })
      expect((await anon.rpc('rest_echo_b', { '': 'x' })).data).toBe('object:{"": "x"}')
      expect((await anon.rpc('rest_echo_b')).data).toBe('object:{}')
      const array = await post('rest_echo_b', '[{"a":1},{"a":2}]', 'application/json')
      expect(await array.json()).toBe('array:[{"a": 1}, {"a": 2}]')
    })

    it('passes a text, xml or binary body to a single unnamed parameter of that type', async () => {
      const text = await post('rest_shout', 'sawubona', 'text/plain')
      expect(text.status).toBe(200)
      expect(await text.json()).toBe('SAWUBONA')
      const bytes = await post('rest_size', new Uint8Array([0, 1, 2, 255]), 'application/octet-stream')
      expect(await bytes.json()).toBe(4)
    })

    it('does not expose a function whose unnamed parameter is not json, text, xml or bytea', async () => {
      const { status, error } = await anon.rpc('rest_unnamed_int', { '': 5 })
      expect(status).toBe(404)
      expect(error?.code).toBe('PGRST202')
    })

    it('does not pass the whole body to a single named json parameter (404 PGRST202, not 42883)', async () => {
      expect((await anon.rpc('rest_named_json', { data: { x: 1 } })).data).toBe('{"x":1}')
      const { status, error } = await anon.rpc('rest_named_json', { x: 1 })
      expect(status).toBe(404)
      expect(error).toMatchObject({
        code: 'PGRST202',
        message: 'Could not find the function public.rest_named_json(x) in the schema cache',
      })
    })

    it('calls untyped functions (returns record, setof record) and names the values as the function does', async () => {
      const rows = await anon.rpc('rest_untyped_rows', {}, { count: 'exact' }).limit(1)
      expect(rows.error).toBeNull()
      expect(rows.data).toEqual([{ k: 1, v: 'one' }])
      expect(rows.count).toBe(2)
      expect(rows.status).toBe(206)
      expect((await anon.rpc('rest_untyped_rows', {}, { get: true })).data).toEqual([
        { k: 1, v: 'one' },
        { k: 2, v: 'two' },
      ])
      expect((await anon.rpc('rest_untyped_row')).data).toEqual({ k: 7, v: 'seven' })
    })

    it('refuses filters, order and columns on rows that have no columns, instead of ignoring them', async () => {
      const untyped = await anon.rpc('rest_untyped_rows').eq('k', 1)
      expect(untyped.status).toBe(400)
      expect(untyped.error).toMatchObject({
        code: '42703',
        message: 'column rest_untyped_rows.k does not exist',
      })
      const ordered = await anon.rpc('rest_numbers', { n: 3 }).order('n')
      expect(ordered.error).toMatchObject({ code: '42703', message: 'column rest_numbers.n does not exist' })
      expect((await anon.rpc('rest_numbers', { n: 3 }).select('x')).error?.code).toBe('42703')
      expect((await anon.rpc('rest_numbers', { n: 3 }).select('*')).data).toEqual([1, 2, 3])
    })

    it('takes a row-type argument as a JSON object', async () => {
      const { data, error } = await anon.rpc('rest_label_text', { l: { id: 7, name: 'seven' } })
      expect(error).toBeNull()
      expect(data).toBe('7:seven')
    })

    it('picks the overload whose parameters the argument names fit', async () => {
      expect((await anon.rpc('rest_pick', { a: 1 })).data).toBe('one int')
      expect((await anon.rpc('rest_pick', { a: 1, b: 2 })).data).toBe('two ints')
      expect((await anon.rpc('rest_pick', { s: 'x' })).data).toBe('text')
      expect((await anon.rpc('rest_pick', { a: 1 }, { get: true })).data).toBe('one int')
    })

    it('calls a variadic function with an array, and with the key repeated over GET', async () => {
      expect((await anon.rpc('rest_sum', { nums: [1, 2, 3] })).data).toBe(6)
      const res = await gw.app.request('/rest/v1/rpc/rest_sum?nums=4&nums=5', {
        headers: { apikey: gw.keys.anonKey },
      })
      expect(await res.json()).toBe(9)
    })

    it('lists the candidates with their signatures when overloads tie (300 PGRST203)', async () => {
      const { status, error } = await anon.rpc('rest_dup', { a: 1 })
      expect(status).toBe(300)
      expect(error).toEqual({
        code: 'PGRST203',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        message:
          'Could not choose the best candidate function between: public.rest_dup(a => integer), public.rest_dup(a => text)',
      })
    })

    it('says what was searched for and suggests a close signature (404 PGRST202)', async () => {
      const { error } = await anon.rpc('rest_add', { a: 1, c: 2 })
      expect(error).toEqual({
        code: 'PGRST202',
        details:
          'Searched for the function public.rest_add with parameters a, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rest_add(a, b)',
        message: 'Could not find the function public.rest_add(a, c) in the schema cache',
      })
      expect((await anon.rpc('rest_add', { z: 1 })).error?.hint).toBeNull()
      const get = await anon.rpc('rest_hallo', {}, { get: true })
      expect(get.error).toEqual({
        code: 'PGRST202',
        details:
          'Searched for the function public.rest_hallo without parameters, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.rest_hello',
        message: 'Could not find the function public.rest_hallo without parameters in the schema cache',
      })
    })

    it('counts the rows of set-returning and scalar functions', async () => {
      const set = await anon.rpc('rest_numbers', { n: 5 }, { count: 'exact' }).limit(2)
      expect(set.data).toEqual([1, 2])
      expect(set.count).toBe(5)
      expect(set.status).toBe(206)
      const scalar = await anon.rpc('rest_add', { a: 1 }, { count: 'exact' })
      expect(scalar.data).toBe(2)
      expect(scalar.count).toBe(1)
    })

    it('rolls a call back with Prefer: tx=rollback and still answers', async () => {
      const service = gw.client({ key: gw.keys.serviceRoleKey })
      const { data, error } = await service.rpc('rest_add_label', { id: 60, name: 'sixty' }).rollback()
      expect(error).toBeNull()
      expect(data).toEqual({ id: 60, name: 'sixty' })
      const { rows } = await gw.db.query('select 1 from public.rest_labels where id = 60')
      expect(rows).toEqual([])
    })

    // supabase-js types .maxAffected() for PostgREST 13 servers only; it sends the same header either way.
    const maxAffected = (builder: unknown, rows: number) =>
      (builder as { maxAffected(n: number): PromiseLike<PostgrestSingleResponse<unknown[]>> }).maxAffected(
        rows,
      )

    it('honours max-affected on set-returning functions and refuses it on single ones', async () => {
      const service = gw.client({ key: gw.keys.serviceRoleKey })
      await gw.db.exec(`insert into public.rest_labels values (70, 'a'), (71, 'b')`)
      const over = await maxAffected(service.rpc('rest_drop_labels_from', { min_id: 70 }), 1)
      expect(over.status).toBe(400)
      expect(over.error).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' })
      expect((await gw.db.query('select id from public.rest_labels where id >= 70')).rows).toHaveLength(2)
      const within = await maxAffected(service.rpc('rest_drop_labels_from', { min_id: 70 }), 2)
      expect(within.data).toHaveLength(2)
      const single = await maxAffected(service.rpc('rest_add_label', { id: 72, name: 'c' }), 1)
      expect(single.status).toBe(400)
      expect(single.error).toMatchObject({
        code: 'PGRST128',
        message:
          'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
      })
      expect((await gw.db.query('select 1 from public.rest_labels where id = 72')).rows).toEqual([])
    })
  })
})
