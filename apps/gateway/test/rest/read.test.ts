import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshSchemaCache } from '../../src/services/rest/schema-cache.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, TEST_JWT_SECRET, type TestGateway } from '../support/gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'
import { createRestFixtures } from './fixtures.ts'

describe.each(drivers)('REST reads through supabase-js (%s)', (driver) => {
  let gw: TestGateway
  let service: ReturnType<TestGateway['client']>
  let anon: ReturnType<TestGateway['client']>
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    await createRestFixtures(gw)
    service = gw.client({ key: gw.keys.serviceRoleKey })
    anon = gw.client()
  })
  afterAll(() => gw.close())

  const ids = (data: unknown) => (data as { id: number }[]).map((r) => r.id)

  describe('the web app’s queries', () => {
    it('lists the shops ordered by shop number', async () => {
      const { data, error, status } = await anon.from('shops').select('*').order('shop_no')
      expect(error).toBeNull()
      expect(status).toBe(200)
      const { rows } = await gw.db.query<{ shop_no: string }>(
        'select shop_no from public.shops where is_published order by shop_no',
      )
      expect(data?.map((s) => s.shop_no)).toEqual(rows.map((r) => r.shop_no))
      expect(data?.[0]).toMatchObject({ gla_m2: expect.any(Number), trading_hours: expect.any(Object) })
      expect(data?.[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/)
    })

    it('lists vacant units featured first, newest first', async () => {
      const { data, error } = await anon
        .from('vacant_shops')
        .select('*')
        .order('is_featured', { ascending: false })
        .order('created_at', { ascending: false })
      expect(error).toBeNull()
      const { rows } = await gw.db.query<{ unit_number: string }>(
        'select unit_number from public.vacant_shops order by is_featured desc, created_at desc',
      )
      expect(data?.map((u) => u.unit_number)).toEqual(rows.map((r) => r.unit_number))
      expect(Array.isArray(data?.[0].features)).toBe(true)
    })
  })

  describe('select', () => {
    it('renders columns, aliases, casts and JSON paths as PostgREST does', async () => {
      const { data, error } = await service
        .from('rest_items')
        .select(
          'id,label:name,price,price_text:price::text,meta->colour,meta->>colour,cm:meta->size->>cm,tags,during,created_at',
        )
        .eq('id', 1)
      expect(error).toBeNull()
      expect(data).toEqual([
        {
          id: 1,
          label: 'apple',
          price: 1.5,
          price_text: '1.50',
          colour: 'red',
          cm: '8',
          tags: ['fruit', 'red'],
          during: '[1,5)',
          created_at: '2025-01-31T10:00:00+00:00',
        },
      ])
    })

    it('embeds to-one, to-many, nested and many-to-many relationships', async () => {
      const { data, error } = await service
        .from('rest_items')
        .select('id, parts:rest_parts!item_id(name, spare:rest_items!spare_for_id(name)), rest_labels(name)')
        .order('id')
        .order('name', { referencedTable: 'parts' })
        .order('name', { referencedTable: 'rest_labels' })
      expect(error).toBeNull()
      expect(data?.[0]).toEqual({
        id: 1,
        parts: [
          { name: 'leaf', spare: null },
          { name: 'stem', spare: { name: 'banana' } },
        ],
        rest_labels: [{ name: 'local' }, { name: 'organic' }],
      })
      expect(data?.[3]).toEqual({ id: 4, parts: [], rest_labels: [] })
    })

    it('embeds the product tables: tenants → shops and statements → tenants', async () => {
      const { data, error } = await service
        .from('rental_statements')
        .select('period, tenant:tenants(company_name, shop:shops(shop_no))')
        .eq('tenant.shop.shop_no', 'G01')
        .limit(1)
      expect(error).toBeNull()
      expect(data?.[0].tenant).toHaveProperty('company_name')
      const { data: tenants } = await service
        .from('tenants')
        .select('company_name, shops(shop_no)')
        .order('company_name')
      expect(tenants?.map((t) => t.shops)).toEqual([{ shop_no: 'M01' }, { shop_no: 'G01' }])
    })

    it('uses !inner and embedded filters to filter parents, and plain embedded filters to filter children', async () => {
      const inner = await service
        .from('rest_items')
        .select('id, rest_labels!inner(name)')
        .eq('rest_labels.name', 'organic')
        .order('id')
      expect(inner.error).toBeNull()
      expect(ids(inner.data)).toEqual([1, 3])
      const outer = await service
        .from('rest_items')
        .select('id, rest_labels(name)')
        .eq('rest_labels.name', 'organic')
        .order('id')
      expect(ids(outer.data)).toEqual([1, 2, 3, 4])
      expect(outer.data?.[1].rest_labels).toEqual([])
      const without = await service
        .from('rest_items')
        .select('id, rest_labels(id)')
        .is('rest_labels', null)
        .order('id')
      expect(ids(without.data)).toEqual([4])
      const withAny = await service
        .from('rest_items')
        .select('id, rest_labels(id)')
        .not('rest_labels', 'is', null)
        .order('id')
      expect(ids(withAny.data)).toEqual([1, 2, 3])
    })

    it('spreads the columns of a to-one embed into the parent, and a to-many embed as arrays', async () => {
      const { data, error } = await service
        .from('tenants')
        .select('company_name, ...shops(shop_no, shopFloor:floor)')
        .order('company_name')
      expect(error).toBeNull()
      expect(data?.[0]).toEqual({
        company_name: 'Bean Theory Roasters CC',
        shop_no: 'M01',
        shopFloor: expect.any(String),
      })
      const toMany = await service
        .from('rest_items')
        .select('id, ...rest_parts!item_id(part:name, spare_for_id)')
        .order('id')
        .order('name', { referencedTable: 'rest_parts' })
      expect(toMany.error).toBeNull()
      expect(toMany.data).toEqual([
        { id: 1, part: ['leaf', 'stem'], spare_for_id: [null, 2] },
        { id: 2, part: ['peel'], spare_for_id: [1] },
        { id: 3, part: [], spare_for_id: [] },
        { id: 4, part: [], spare_for_id: [] },
      ])
    })

    it('limits and orders embedded rows', async () => {
      const { data } = await service
        .from('rest_items')
        .select('id, rest_parts!item_id(name)')
        .eq('id', 1)
        .order('name', { referencedTable: 'rest_parts', ascending: false })
        .limit(1, { referencedTable: 'rest_parts' })
      expect(data).toEqual([{ id: 1, rest_parts: [{ name: 'stem' }] }])
    })
  })

  describe('filters', () => {
    const run = async (
      build: (q: ReturnType<typeof service.from>) => PromiseLike<{ data: unknown; error: unknown }>,
    ) => {
      const result = await build(service.from('rest_items'))
      expect(result.error).toBeNull()
      return ids(result.data).sort()
    }

    it('compares with eq, neq, gt, gte, lt, lte and isDistinct', async () => {
      expect(await run((q) => q.select('id').eq('qty', 10))).toEqual([1])
      expect(await run((q) => q.select('id').neq('qty', 10))).toEqual([2, 4])
      expect(await run((q) => q.select('id').gt('price', 1))).toEqual([1, 4])
      expect(await run((q) => q.select('id').gte('price', 1.5))).toEqual([1, 4])
      expect(await run((q) => q.select('id').lt('qty', 10))).toEqual([4])
      expect(await run((q) => q.select('id').lte('qty', 10))).toEqual([1, 4])
      expect(await run((q) => q.select('id').isDistinct('qty', 10))).toEqual([2, 3, 4])
    })

    it('matches patterns with like, ilike, their any/all forms and regexes', async () => {
      expect(await run((q) => q.select('id').like('name', '%an%'))).toEqual([2])
      expect(await run((q) => q.select('id').like('name', '*rr*'))).toEqual([3])
      expect(await run((q) => q.select('id').ilike('name', 'APP%'))).toEqual([1])
      expect(await run((q) => q.select('id').likeAnyOf('name', ['a%', 'b%']))).toEqual([1, 2])
      expect(await run((q) => q.select('id').likeAllOf('name', ['%a%', '%n%']))).toEqual([2])
      expect(await run((q) => q.select('id').ilikeAnyOf('name', ['A%', 'C%']))).toEqual([1, 3])
      expect(await run((q) => q.select('id').ilikeAllOf('name', ['%A%', '%E%']))).toEqual([1, 4])
      expect(await run((q) => q.select('id').match({ qty: 20, name: 'banana' }))).toEqual([2])
      expect(await run((q) => q.select('id').regexMatch('name', '^[ab]'))).toEqual([1, 2])
      expect(await run((q) => q.select('id').regexIMatch('name', '^[AB]'))).toEqual([1, 2])
    })

    it('tests is, in and not in, with quoted values', async () => {
      expect(await run((q) => q.select('id').is('qty', null))).toEqual([3])
      expect(await run((q) => q.select('id').not('qty', 'is', null))).toEqual([1, 2, 4])
      expect(await run((q) => q.select('id').in('name', ['apple', 'dates (dried)']))).toEqual([1, 4])
      expect(await run((q) => q.select('id').in('note', ['a,b', 'Café, (ok)']))).toEqual([3, 4])
      expect(await run((q) => q.select('id').not('id', 'in', '(1,2)'))).toEqual([3, 4])
      expect(await run((q) => q.select('id').in('id', []))).toEqual([])
    })

    it('compares arrays, jsonb and ranges with contains, containedBy, overlaps and the range operators', async () => {
      expect(await run((q) => q.select('id').contains('tags', ['fruit']))).toEqual([1, 2, 4])
      expect(await run((q) => q.select('id').containedBy('tags', ['fruit', 'red', 'yellow']))).toEqual([1, 2])
      expect(await run((q) => q.select('id').overlaps('tags', ['red', 'dried']))).toEqual([1, 4])
      expect(await run((q) => q.select('id').contains('meta', { colour: 'red' }))).toEqual([1])
      expect(await run((q) => q.select('id').contains('during', '[2,3]'))).toEqual([1])
      expect(await run((q) => q.select('id').overlaps('during', '[4,6)'))).toEqual([1, 2])
      expect(await run((q) => q.select('id').rangeGt('during', '[0,5)'))).toEqual([2, 4])
      expect(await run((q) => q.select('id').rangeGte('during', '[5,6)'))).toEqual([2, 4])
      expect(await run((q) => q.select('id').rangeLt('during', '[10,11)'))).toEqual([1, 2])
      expect(await run((q) => q.select('id').rangeLte('during', '[0,10)'))).toEqual([1, 2])
      expect(await run((q) => q.select('id').rangeAdjacent('during', '[10,20)'))).toEqual([2, 4])
    })

    it('searches text with fts, plfts, phfts and wfts', async () => {
      expect(await run((q) => q.select('id').textSearch('doc', 'apple'))).toEqual([1])
      expect(
        await run((q) =>
          q.select('id').textSearch('doc', 'yellow bananas', { type: 'plain', config: 'english' }),
        ),
      ).toEqual([2])
      expect(await run((q) => q.select('id').textSearch('doc', 'ripe yellow', { type: 'phrase' }))).toEqual([
        2,
      ])
      expect(
        await run((q) => q.select('id').textSearch('doc', 'orange or crisp', { type: 'websearch' })),
      ).toEqual([1, 3])
      expect(await run((q) => q.select('id').textSearch('name', 'carrot', { config: 'english' }))).toEqual([
        3,
      ])
    })

    it('combines with or, and, not and nesting, also inside embeds', async () => {
      expect(await run((q) => q.select('id').or('qty.eq.10,and(price.gt.1,price.lt.100)'))).toEqual([1, 4])
      expect(await run((q) => q.select('id').or('note.eq."a,b",not.qty.is.null'))).toEqual([1, 2, 4])
      expect(await run((q) => q.select('id').not('id', 'eq', 1).or('name.ilike.*a*,id.in.(3,4)'))).toEqual([
        2, 3, 4,
      ])
      expect(await run((q) => q.select('id').filter('id', 'gt', '2'))).toEqual([3, 4])
      const { data } = await service
        .from('rest_items')
        .select('id, rest_labels(name)')
        .eq('id', 1)
        .or('name.eq.local,id.eq.3', { referencedTable: 'rest_labels' })
      expect(data).toEqual([{ id: 1, rest_labels: [{ name: 'local' }] }])
      const all = await fetchRest(
        gw,
        '/rest/v1/rest_items?select=id&and=(id.gt.1,or(qty.is.null,qty.eq.5))&order=id',
      )
      expect(await all.json()).toEqual([{ id: 3 }, { id: 4 }])
      const none = await fetchRest(gw, '/rest/v1/rest_items?select=id&not.or=(id.eq.1,id.eq.2)&order=id')
      expect(await none.json()).toEqual([{ id: 3 }, { id: 4 }])
    })

    it('filters on JSON paths', async () => {
      expect(await run((q) => q.select('id').eq('meta->>colour', 'yellow'))).toEqual([2])
      expect(await run((q) => q.select('id').eq('meta->size->>cm', '8'))).toEqual([1])
    })
  })

  describe('order, paging and counts', () => {
    it('orders parents by a column of a to-one embed, and refuses to-many ones', async () => {
      const { data, error } = await service
        .from('tenants')
        .select('company_name, shop:shops(shop_no)')
        .order('shop(shop_no)', { ascending: false })
      expect(error).toBeNull()
      expect(data?.map((t) => t.shop)).toEqual([{ shop_no: 'M01' }, { shop_no: 'G01' }])
      const asc = await service.from('tenants').select('shop:shops(shop_no)').order('shop(shop_no)')
      expect(asc.data?.map((t) => t.shop)).toEqual([{ shop_no: 'G01' }, { shop_no: 'M01' }])
      const toMany = await service
        .from('tenants')
        .select('id, rental_statements(id)')
        .order('rental_statements(id)')
      expect(toMany.status).toBe(400)
      expect(toMany.error).toEqual({
        code: 'PGRST118',
        details: "'tenants' and 'rental_statements' do not form a many-to-one or one-to-one relationship",
        hint: null,
        message: "A related order on 'rental_statements' is not possible",
      })
    })

    it('orders with nulls first or last', async () => {
      const first = await service
        .from('rest_items')
        .select('id')
        .order('qty', { ascending: true, nullsFirst: true })
      expect(ids(first.data)).toEqual([3, 4, 1, 2])
      const last = await service
        .from('rest_items')
        .select('id')
        .order('qty', { ascending: false, nullsFirst: false })
      expect(ids(last.data)).toEqual([2, 1, 4, 3])
    })

    it('pages with range and counts exactly with Content-Range and 206', async () => {
      const result = await service.from('rest_items').select('id', { count: 'exact' }).order('id').range(1, 2)
      expect(result.error).toBeNull()
      expect(result.count).toBe(4)
      expect(result.status).toBe(206)
      expect(ids(result.data)).toEqual([2, 3])
      const whole = await service.from('rest_items').select('id', { count: 'exact' })
      expect(whole.status).toBe(200)
      const res = await fetchRest(gw, '/rest/v1/rest_items?select=id&offset=1&limit=2&order=id', {
        Prefer: 'count=exact',
      })
      expect(res.headers.get('content-range')).toBe('1-2/4')
      const plain = await fetchRest(gw, '/rest/v1/rest_items?select=id&limit=2')
      expect(plain.headers.get('content-range')).toBe('0-1/*')
      const empty = await fetchRest(gw, '/rest/v1/rest_items?select=id&id=eq.99', { Prefer: 'count=exact' })
      expect(empty.headers.get('content-range')).toBe('*/0')
    })

    it('answers 416 PGRST103 past the end and honours the Range header', async () => {
      const past = await service.from('rest_items').select('id', { count: 'exact' }).range(10, 12)
      expect(past.status).toBe(416)
      expect(past.error).toMatchObject({ code: 'PGRST103', message: 'Requested range not satisfiable' })
      const ranged = await fetchRest(gw, '/rest/v1/rest_items?select=id&order=id', {
        Range: '1-2',
        'Range-Unit': 'items',
      })
      expect(await ranged.json()).toEqual([{ id: 2 }, { id: 3 }])
    })

    it('counts without rows with head: true (HEAD)', async () => {
      const { count, data, error, status } = await service
        .from('rest_items')
        .select('*', { count: 'exact', head: true })
        .gt('id', 1)
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(count).toBe(3)
      expect(data).toBeNull()
    })
  })

  describe('representations', () => {
    it('returns one object with single() and maybeSingle()', async () => {
      const one = await service.from('rest_items').select('id,name').eq('id', 2).single()
      expect(one.data).toEqual({ id: 2, name: 'banana' })
      const none = await service.from('rest_items').select('id').eq('id', 99).single()
      expect(none.status).toBe(406)
      expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
      const many = await service.from('rest_items').select('id').single()
      expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 4 rows' })
      expect((await service.from('rest_items').select('id').eq('id', 99).maybeSingle()).data).toBeNull()
      expect((await service.from('rest_items').select('id').eq('id', 1).maybeSingle()).data).toEqual({
        id: 1,
      })
    })

    it('returns CSV in PostgreSQL’s text format, as PostgREST does', async () => {
      const { data, error } = await service
        .from('rest_items')
        .select('id,name,note,tags,ok:qty')
        .order('id')
        .csv()
      expect(error).toBeNull()
      expect(data).toBe(
        [
          'id,name,note,tags,ok',
          '1,apple,,"{fruit,red}",10',
          '2,banana,bunch,"{fruit,yellow}",20',
          '3,carrot,"Café, (ok)",{vegetable},',
          '4,"dates (dried)","a,b","{fruit,dried}",5',
        ].join('\n'),
      )
      const empty = await service.from('rest_items').select('id').eq('id', 99).csv()
      expect(empty.data).toBe('id\n')
    })

    it('refuses an unsupported Accept with 406 PGRST107', async () => {
      const res = await fetchRest(gw, '/rest/v1/rest_items', { Accept: 'application/xml' })
      expect(res.status).toBe(406)
      expect(await res.json()).toMatchObject({ code: 'PGRST107' })
    })
  })

  describe('profiles', () => {
    it('accepts Accept-Profile: public and refuses other schemas with 406 PGRST106', async () => {
      expect((await service.schema('public').from('rest_items').select('id').limit(1)).error).toBeNull()
      const { error, status } = await service.schema('auth').from('users').select('*')
      expect(status).toBe(406)
      expect(error).toEqual({
        code: 'PGRST106',
        details: null,
        hint: 'Only the following schemas are exposed: public',
        message: 'Invalid schema: auth',
      })
    })
  })

  describe('errors in PostgREST’s shape', () => {
    it('answers an unknown table with 404 PGRST205', async () => {
      const { error, status } = await anon.from('zzqx').select('*')
      expect(status).toBe(404)
      expect(error).toEqual({
        code: 'PGRST205',
        details: null,
        hint: null,
        message: "Could not find the table 'public.zzqx' in the schema cache",
      })
      // A close name is suggested, as PostgREST does.
      expect((await anon.from('shop').select('*')).error?.hint).toBe(
        "Perhaps you meant the table 'public.shops'",
      )
    })

    it('answers an unknown column with 400 42703', async () => {
      const { error, status } = await anon.from('shops').select('shop_no,bogus')
      expect(status).toBe(400)
      expect(error).toMatchObject({ code: '42703', message: 'column shops.bogus does not exist' })
      expect((await anon.from('shops').select('*').eq('bogus', 1)).error?.code).toBe('42703')
      expect((await anon.from('shops').select('*').order('bogus')).error?.code).toBe('42703')
    })

    it('answers a bad operator or broken select with 400 PGRST100', async () => {
      const res = await fetchRest(gw, '/rest/v1/shops?shop_no=foo.bar')
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'PGRST100', hint: null })
      expect((await anon.from('shops').select('id,(')).error?.code).toBe('PGRST100')
    })

    it('answers missing and ambiguous relationships with PGRST200 and PGRST201', async () => {
      const missing = await anon.from('shops').select('*, vacant_shops(*)')
      expect(missing.status).toBe(400)
      expect(missing.error?.code).toBe('PGRST200')
      const ambiguous = await service.from('rest_items').select('*, rest_parts(*)')
      expect(ambiguous.status).toBe(300)
      expect(ambiguous.error?.code).toBe('PGRST201')
      expect(ambiguous.error?.hint).toContain("'rest_parts!rest_parts_item_id_fkey'")
    })

    it('answers a filter on a resource that is not embedded with PGRST108', async () => {
      const { error, status } = await anon.from('shops').select('*').eq('tenants.id', 1)
      expect(status).toBe(400)
      expect(error?.code).toBe('PGRST108')
    })

    it('answers a bad value with the PostgreSQL error, as 400', async () => {
      const { error, status } = await anon.from('shops').select('*').eq('id', 'not-a-uuid')
      expect(status).toBe(400)
      expect(error).toMatchObject({ code: '22P02' })
    })

    it('answers a table the caller has no privileges on with 42501: 401 for anon, 403 for a signed-in user', async () => {
      await gw.db.exec(`
        create table public.rest_secret (id int primary key);
        revoke all on public.rest_secret from anon, authenticated;
      `)
      await refreshSchemaCache(gw.db)
      const asAnon = await anon.from('rest_secret').select('*')
      expect(asAnon.status).toBe(401)
      expect(asAnon.error).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: 'permission denied for table rest_secret',
      })
      const user = gw.client({ accessToken: await signToken(userClaims(DEMO.tenantA), TEST_JWT_SECRET) })
      const asUser = await user.from('rest_secret').select('*')
      expect(asUser.status).toBe(403)
      expect(asUser.error?.code).toBe('42501')
      expect((await service.from('rest_secret').select('*')).data).toEqual([])
    })

    it('answers the root with 404 PGRST126 and other verbs with 405 PGRST117', async () => {
      const root = await fetchRest(gw, '/rest/v1/')
      expect(root.status).toBe(404)
      expect(await root.json()).toMatchObject({ code: 'PGRST126' })
      const put = await gw.app.request('/rest/v1/shops', {
        method: 'PUT',
        headers: { apikey: gw.keys.anonKey },
      })
      expect(put.status).toBe(405)
      expect(await put.json()).toMatchObject({ code: 'PGRST117' })
    })

    it('answers a missing or unknown apikey with the gateway’s 401', async () => {
      const missing = await gw.app.request('/rest/v1/shops')
      expect(missing.status).toBe(401)
      expect(await missing.json()).toEqual({ message: 'No API key found in request' })
      const unknown = await gw.app.request('/rest/v1/shops', { headers: { apikey: 'nope' } })
      expect(await unknown.json()).toEqual({ message: 'Invalid authentication credentials' })
    })
  })
})

/** A raw request with the anon key (for headers the client does not expose). */
export async function fetchRest(gw: TestGateway, path: string, headers: Record<string, string> = {}) {
  return gw.app.request(path, {
    headers: {
      apikey: gw.keys.serviceRoleKey,
      Authorization: `Bearer ${gw.keys.serviceRoleKey}`,
      ...headers,
    },
  })
}
