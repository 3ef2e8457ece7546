import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'
import { createRestFixtures } from './fixtures.ts'

describe.each(drivers)('REST writes through supabase-js (%s)', (driver) => {
  let gw: TestGateway
  let service: ReturnType<TestGateway['client']>
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await createRestFixtures(gw)
    service = gw.client({ key: gw.keys.serviceRoleKey })
  })
  afterAll(() => gw.close())
  beforeEach(async () => {
    await gw.db.exec('delete from public.rest_labels where id >= 10')
  })

  const labels = async () =>
    (
      await gw.db.query<{ id: number; name: string }>(
        'select id, name from public.rest_labels where id >= 10 order by id',
      )
    ).rows

  describe('insert', () => {
    it('inserts one row without a body (201) and with return=representation', async () => {
      const minimal = await service.from('rest_labels').insert({ id: 10, name: 'ten' })
      expect(minimal.status).toBe(201)
      expect(minimal.data).toBeNull()
      expect(minimal.error).toBeNull()
      const represented = await service
        .from('rest_labels')
        .insert({ id: 11, name: 'eleven' })
        .select('id,name')
      expect(represented.status).toBe(201)
      expect(represented.data).toEqual([{ id: 11, name: 'eleven' }])
      expect(await labels()).toEqual([
        { id: 10, name: 'ten' },
        { id: 11, name: 'eleven' },
      ])
    })

    it('inserts in bulk with columns=, missing keys becoming null or, with missing=default, the default', async () => {
      const asNull = await service
        .from('rest_items')
        .insert([
          { id: 10, name: 'x', note: 'given' },
          { id: 11, name: 'y' },
        ])
        .select('id,note')
      expect(asNull.error).toBeNull()
      expect(asNull.data).toEqual([
        { id: 10, note: 'given' },
        { id: 11, note: null },
      ])
      const asDefault = await service
        .from('rest_items')
        .insert(
          [
            { id: 12, name: 'z', note: 'given' },
            { id: 13, name: 'w' },
          ],
          { defaultToNull: false },
        )
        .select('id,note,tags')
      expect(asDefault.error).toBeNull()
      expect(asDefault.data).toEqual([
        { id: 12, note: 'given', tags: [] },
        { id: 13, note: 'none', tags: [] },
      ])
      await gw.db.exec('delete from public.rest_items where id >= 10')
    })

    it('inserts rows of defaults from empty objects', async () => {
      const { data, error } = await service.from('rest_items').insert([{}]).select('id')
      // rest_items.id has no default: the database refuses, in PostgREST's shape.
      expect(data).toBeNull()
      expect(error?.code).toBe('23502')
    })

    it('inserts an empty array as 201 []', async () => {
      const { data, status, error } = await service.from('rest_labels').insert([]).select()
      expect(error).toBeNull()
      expect(status).toBe(201)
      expect(data).toEqual([])
    })

    it('returns one object with single() and rolls back when the count is not one', async () => {
      const one = await service.from('rest_labels').insert({ id: 12, name: 'twelve' }).select().single()
      expect(one.data).toEqual({ id: 12, name: 'twelve' })
      const two = await service
        .from('rest_labels')
        .insert([
          { id: 13, name: 'a' },
          { id: 14, name: 'b' },
        ])
        .select()
        .single()
      expect(two.status).toBe(406)
      expect(two.error?.code).toBe('PGRST116')
      expect(await labels()).toEqual([{ id: 12, name: 'twelve' }])
    })

    it('counts inserted rows and answers return=headers-only with a Location', async () => {
      const counted = await service.from('rest_labels').insert(
        [
          { id: 15, name: 'a' },
          { id: 16, name: 'b' },
        ],
        { count: 'exact' },
      )
      expect(counted.count).toBe(2)
      const res = await gw.app.request('/rest/v1/rest_labels', {
        method: 'POST',
        headers: {
          apikey: gw.keys.serviceRoleKey,
          'Content-Type': 'application/json',
          Prefer: 'return=headers-only',
        },
        body: JSON.stringify({ id: 17, name: 'c' }),
      })
      expect(res.status).toBe(201)
      expect(res.headers.get('location')).toBe('/rest_labels?id=eq.17')
    })

    it('refuses unknown columns (PGRST204), broken JSON (PGRST102) and duplicates (409 23505) and changes nothing', async () => {
      const unknown = await service.from('rest_labels').insert({ id: 18, nope: 1 })
      expect(unknown.status).toBe(400)
      expect(unknown.error).toEqual({
        code: 'PGRST204',
        details: null,
        hint: null,
        message: "Could not find the 'nope' column of 'rest_labels' in the schema cache",
      })
      const broken = await gw.app.request('/rest/v1/rest_labels', {
        method: 'POST',
        headers: { apikey: gw.keys.serviceRoleKey, 'Content-Type': 'application/json' },
        body: '{"id":',
      })
      expect(broken.status).toBe(400)
      expect(await broken.json()).toMatchObject({ code: 'PGRST102' })
      await service.from('rest_labels').insert({ id: 19, name: 'dup' })
      const duplicate = await service.from('rest_labels').insert([
        { id: 20, name: 'ok' },
        { id: 19, name: 'again' },
      ])
      expect(duplicate.status).toBe(409)
      expect(duplicate.error?.code).toBe('23505')
      expect(await labels()).toEqual([{ id: 19, name: 'dup' }])
      const notNull = await service.from('rest_labels').insert({ id: 21 })
      expect(notNull.status).toBe(400)
      expect(notNull.error?.code).toBe('23502')
    })
  })

  describe('upsert', () => {
    it('merges duplicates on the primary key (200 when it only updated) or on on_conflict', async () => {
      await service.from('rest_labels').insert({ id: 10, name: 'ten' })
      const merged = await service.from('rest_labels').upsert({ id: 10, name: 'TEN' }).select()
      expect(merged.error).toBeNull()
      expect(merged.status).toBe(200)
      expect(merged.data).toEqual([{ id: 10, name: 'TEN' }])
      const mixed = await service
        .from('rest_labels')
        .upsert([
          { id: 10, name: 'Ten' },
          { id: 11, name: 'Eleven' },
        ])
        .select()
      expect(mixed.status).toBe(201)
      const byName = await service
        .from('rest_labels')
        .upsert({ id: 12, name: 'Ten' }, { onConflict: 'name' })
        .select()
      expect(byName.data).toEqual([{ id: 12, name: 'Ten' }])
      expect(await labels()).toEqual([
        { id: 11, name: 'Eleven' },
        { id: 12, name: 'Ten' },
      ])
    })

    it('ignores duplicates with ignoreDuplicates', async () => {
      await service.from('rest_labels').insert({ id: 10, name: 'ten' })
      const ignored = await service
        .from('rest_labels')
        .upsert(
          [
            { id: 10, name: 'changed' },
            { id: 11, name: 'new' },
          ],
          { ignoreDuplicates: true },
        )
        .select()
      expect(ignored.error).toBeNull()
      expect(ignored.data).toEqual([{ id: 11, name: 'new' }])
      expect(await labels()).toEqual([
        { id: 10, name: 'ten' },
        { id: 11, name: 'new' },
      ])
    })
  })

  describe('update and delete', () => {
    beforeEach(async () => {
      await gw.db.exec("insert into public.rest_labels values (10, 'a'), (11, 'b'), (12, 'c')")
    })

    it('updates the filtered rows: 204 without select, 200 with the rows, counted', async () => {
      const minimal = await service.from('rest_labels').update({ name: 'B' }).eq('id', 11)
      expect(minimal.status).toBe(204)
      const represented = await service
        .from('rest_labels')
        .update({ name: 'X' }, { count: 'exact' })
        .in('id', [12, 99])
        .select('id,name')
      expect(represented.status).toBe(200)
      expect(represented.count).toBe(1)
      expect(represented.data).toEqual([{ id: 12, name: 'X' }])
      const nothing = await service.from('rest_labels').update({ name: 'Y' }).eq('id', 99).select()
      expect(nothing.data).toEqual([])
      expect(await labels()).toEqual([
        { id: 10, name: 'a' },
        { id: 11, name: 'B' },
        { id: 12, name: 'X' },
      ])
    })

    it('deletes the filtered rows, with or without representation', async () => {
      const minimal = await service.from('rest_labels').delete().eq('id', 10)
      expect(minimal.status).toBe(204)
      const represented = await service.from('rest_labels').delete().gte('id', 12).select('name')
      expect(represented.data).toEqual([{ name: 'c' }])
      expect(await labels()).toEqual([{ id: 11, name: 'b' }])
    })

    it('answers .rollback() (Prefer: tx=rollback) as usual but changes nothing', async () => {
      const { data, error } = await service
        .from('rest_labels')
        .update({ name: 'gone' })
        .eq('id', 10)
        .select('name')
        .rollback()
      expect(error).toBeNull()
      expect(data).toEqual([{ name: 'gone' }])
      const inserted = await service.from('rest_labels').insert({ id: 30, name: 'x' }).select().rollback()
      expect(inserted.data).toEqual([{ id: 30, name: 'x' }])
      expect(await labels()).toEqual([
        { id: 10, name: 'a' },
        { id: 11, name: 'b' },
        { id: 12, name: 'c' },
      ])
    })

    it('refuses a write touching more rows than max-affected (400 PGRST124) and rolls it back', async () => {
      // What postgrest-js's maxAffected() sends (typed only for PostgREST 13 schemas).
      const remove = (filter: string) =>
        gw.app.request(`/rest/v1/rest_labels?${filter}`, {
          method: 'DELETE',
          headers: { apikey: gw.keys.serviceRoleKey, Prefer: 'handling=strict, max-affected=2' },
        })
      const refused = await remove('id=gte.10')
      expect(refused.status).toBe(400)
      expect(await refused.json()).toEqual({
        code: 'PGRST124',
        details: 'The query affects 3 rows',
        hint: null,
        message: 'Query result exceeds max-affected preference constraint',
      })
      expect((await labels()).length).toBe(3)
      expect((await remove('id=gte.11')).status).toBe(204)
      expect((await labels()).length).toBe(1)
    })

    it('refuses a write inside a read (GET) transaction', async () => {
      await gw.db.exec(
        "create function public.rest_touch() returns int language sql as $$ update public.rest_labels set name = 'z' returning 1 $$",
      )
      const { refreshSchemaCache } = await import('../../src/services/rest/schema-cache.ts')
      await refreshSchemaCache(gw.db)
      const { error, status } = await service.rpc('rest_touch', {}, { get: true })
      expect(status).toBe(405)
      expect(error?.code).toBe('25006')
      await gw.db.exec('drop function public.rest_touch()')
      await refreshSchemaCache(gw.db)
    })
  })
})
