import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  buildDelete,
  buildInsert,
  buildRead,
  buildUpdate,
  resolveFunction,
  tableSource,
} from './build-sql.ts'
import { RestError } from './errors.ts'
import { parseQuery } from './parse-query.ts'
import { assembleSchema, type Column, type ForeignKey, type Schema, type Table } from './schema-cache.ts'

const col = (name: string, typeName = 'text', defaultSql: string | null = null): Column => ({
  name,
  type: typeName,
  typeName,
  nullable: true,
  defaultSql,
  generated: false,
})

function table(name: string, columns: Column[]): Table {
  return {
    schema: 'public',
    name,
    isView: false,
    columns: new Map(columns.map((c) => [c.name, c])),
    primaryKey: ['id'],
  }
}

const fk = (name: string, from: string, columns: string[], to: string, refColumns: string[]): ForeignKey => ({
  name,
  schema: 'public',
  table: from,
  columns,
  refSchema: 'public',
  refTable: to,
  refColumns,
})

/** A small catalogue: shops ← tenants ← statements, and a shops ↔ tags junction. */
const schema: Schema = assembleSchema({
  schemas: ['public'],
  tables: new Map(
    [
      table('shops', [
        col('id', 'uuid', 'gen_random_uuid()'),
        col('shop_no'),
        col('floor'),
        col('data', 'jsonb'),
      ]),
      table('tenants', [
        col('id', 'uuid'),
        col('shop_id', 'uuid'),
        col('backup_shop_id', 'uuid'),
        col('name'),
      ]),
      table('statements', [col('id', 'uuid'), col('tenant_id', 'uuid'), col('amount', 'numeric')]),
      table('tags', [col('id', 'int4'), col('name')]),
      {
        ...table('shop_tags', [col('shop_id', 'uuid'), col('tag_id', 'int4')]),
        primaryKey: ['shop_id', 'tag_id'],
      },
    ].map((t) => [`public.${t.name}`, t]),
  ),
  foreignKeys: [
    fk('tenants_shop_id_fkey', 'tenants', ['shop_id'], 'shops', ['id']),
    fk('tenants_backup_shop_id_fkey', 'tenants', ['backup_shop_id'], 'shops', ['id']),
    fk('statements_tenant_id_fkey', 'statements', ['tenant_id'], 'tenants', ['id']),
    fk('shop_tags_shop_id_fkey', 'shop_tags', ['shop_id'], 'shops', ['id']),
    fk('shop_tags_tag_id_fkey', 'shop_tags', ['tag_id'], 'tags', ['id']),
  ],
  functions: new Map([
    [
      'public.add',
      [
        {
          schema: 'public',
          name: 'add',
          args: [
            { name: 'a', type: 'integer', hasDefault: false },
            { name: 'b', type: 'integer', hasDefault: true },
          ],
          returnType: 'integer',
          returnsSet: false,
          returnColumns: null,
          returnTable: null,
          isVoid: false,
          volatile: false,
        },
      ],
    ],
  ]),
  types: new Set(['text', 'int4', '_text', 'numeric']),
})

const read = (name: string, qs: string, count = false) =>
  buildRead(schema, tableSource(schema, 'public', name), parseQuery(new URLSearchParams(qs)), {
    count,
    range: null,
    maxRows: null,
  })

function failure(fn: () => unknown): RestError {
  try {
    fn()
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error('expected a RestError')
}

describe('buildRead', () => {
  it('selects every column of the cache for *, quoted, with values only as parameters', () => {
    const s = read('shops', 'select=*&shop_no=eq.G01&order=shop_no.desc.nullslast&limit=5')
    expect(s.sql).toContain(
      `json_build_object('id', "t0"."id", 'shop_no', "t0"."shop_no", 'floor', "t0"."floor", 'data', "t0"."data")`,
    )
    expect(s.sql).toContain('"t0"."shop_no" = $1')
    expect(s.sql).toContain('order by "t0"."shop_no" desc nulls last')
    expect(s.sql).toContain('limit $2::bigint')
    expect(s.params).toEqual(['G01', 5])
    expect(s.sql).not.toContain('G01')
  })

  it('embeds to-one as an object and to-many as an array, nested, with embedded filters and order', () => {
    const s = read(
      'tenants',
      'select=name,shop:shops!tenants_shop_id_fkey(shop_no),statements(amount)&statements.amount=gt.10&statements.order=amount.desc&statements.limit=2',
    )
    expect(s.sql).toContain(
      `$3::text, (select json_build_object('shop_no', "t1"."shop_no") as o from "public"."shops" as "t1" where "t1"."id" = "t0"."shop_id" limit 1)`,
    )
    expect(s.sql).toContain(
      `'statements', (select coalesce(json_agg(pgrst_e.o), '[]') from (select json_build_object('amount', "t2"."amount") as o from "public"."statements" as "t2" where "t2"."tenant_id" = "t0"."id" and "t2"."amount" > $1 order by "t2"."amount" desc limit $2::bigint) as pgrst_e)`,
    )
    expect(s.params).toEqual(['10', 2, 'shop'])
  })

  it('embeds many-to-many through a junction table', () => {
    const s = read('shops', 'select=shop_no,tags(name)')
    expect(s.sql).toContain(
      'exists (select 1 from "public"."shop_tags" as "jt1" where "jt1"."shop_id" = "t0"."id" and "jt1"."tag_id" = "t1"."id")',
    )
  })

  it('filters parents by !inner embeds and by embed is.null', () => {
    expect(read('tenants', 'select=*,statements!inner(id)&statements.amount=gt.5').sql).toMatch(
      /where exists \(select 1 from "public"."statements" as "t1" where "t1"."tenant_id" = "t0"."id" and "t1"."amount" > \$1\)/,
    )
    expect(read('tenants', 'select=*,statements(id)&statements=is.null').sql).toContain(
      'not exists (select 1 from "public"."statements"',
    )
    expect(failure(() => read('tenants', 'select=*,statements(id)&statements=eq.1')).code).toBe('PGRST120')
  })

  it('asks to disambiguate two relationships (300 PGRST201) and accepts a hint by column', () => {
    const error = failure(() => read('shops', 'select=*,tenants(id)'))
    expect(error.status).toBe(300)
    expect(error.code).toBe('PGRST201')
    expect(error.fields.hint).toContain("'tenants!tenants_shop_id_fkey'")
    expect(read('shops', 'select=*,tenants!backup_shop_id(id)').sql).toContain(
      '"t1"."backup_shop_id" = "t0"."id"',
    )
  })

  it('refuses unknown tables, columns, relationships, casts and unembedded paths', () => {
    expect(failure(() => read('nope', 'select=*'))).toMatchObject({ code: 'PGRST205', status: 404 })
    expect(failure(() => read('shops', 'select=nope'))).toMatchObject({
      code: '42703',
      message: 'column shops.nope does not exist',
    })
    expect(failure(() => read('shops', 'nope=eq.1')).code).toBe('42703')
    expect(failure(() => read('shops', 'select=*,statements(id)'))).toMatchObject({
      code: 'PGRST200',
      status: 400,
    })
    expect(failure(() => read('shops', 'select=shop_no::evil')).code).toBe('42704')
    expect(failure(() => read('shops', 'select=*&tenants.id=eq.1')).code).toBe('PGRST108')
  })

  it('compiles or/and trees, in, is, fts and quantified operators', () => {
    const s = read(
      'shops',
      'or=(floor.eq.1,and(shop_no.in.(a,"b,c"),not.floor.is.null))&shop_no=like(any).{G*,M*}&floor=fts(english).cat',
    )
    expect(s.sql).toContain(
      '("t0"."floor" = $1 or ("t0"."shop_no" = any($2) and not ("t0"."floor" is null)))',
    )
    expect(s.sql).toContain('"t0"."shop_no" like any($3)')
    expect(s.sql).toContain('to_tsvector($4::regconfig, "t0"."floor") @@ to_tsquery($4::regconfig, $5::text)')
    expect(s.params).toEqual(['1', '{"a","b,c"}', '{G%,M%}', 'english', 'cat'])
  })

  it('counts with the same filters when asked', () => {
    const s = read('shops', 'floor=eq.x', true)
    expect(s.sql).toContain(
      '(select count(*) from "public"."shops" as "t0" where "t0"."floor" = $1)::int8 as total',
    )
  })

  it('puts JSON path keys in parameters too', () => {
    const s = read('shops', "select=data->>'x&data->0->>k=eq.1")
    expect(s.params).toEqual(["'x", 0, 'k', '1', "'x"])
    expect(s.sql).not.toContain("'x")
  })
})

describe('writes', () => {
  const q = (qs: string) => parseQuery(new URLSearchParams(qs))
  it('inserts with the given columns and upserts on the primary key or on_conflict', () => {
    const plain = buildInsert(
      schema,
      schema.tables.get('public.shops')!,
      '[]',
      ['shop_no'],
      { returning: false, select: [], missingDefault: false, resolution: null, onConflict: null },
      q(''),
    )
    expect(plain.sql).toBe(
      'insert into "public"."shops" as "t0" ("shop_no") select "shop_no" from json_populate_recordset(null::"public"."shops", $1::json) as pgrst_body',
    )
    const upsert = buildInsert(
      schema,
      schema.tables.get('public.shops')!,
      '[]',
      ['id', 'shop_no'],
      {
        returning: true,
        select: [{ kind: 'star' }],
        missingDefault: false,
        resolution: 'merge-duplicates',
        onConflict: ['shop_no'],
      },
      q(''),
    )
    expect(upsert.sql).toContain(
      'on conflict ("shop_no") do update set "id" = excluded."id", "shop_no" = excluded."shop_no"',
    )
    const ignore = buildInsert(
      schema,
      schema.tables.get('public.shops')!,
      '[]',
      ['id'],
      {
        returning: false,
        select: [],
        missingDefault: false,
        resolution: 'ignore-duplicates',
        onConflict: null,
      },
      q(''),
    )
    expect(ignore.sql).toContain('on conflict ("id") do nothing')
  })

  it('uses the catalogue DEFAULT for missing keys with missing=default', () => {
    const s = buildInsert(
      schema,
      schema.tables.get('public.shops')!,
      '[]',
      ['id', 'shop_no'],
      { returning: false, select: [], missingDefault: true, resolution: null, onConflict: null },
      q(''),
    )
    expect(s.sql).toContain(
      'case when (pgrst_e.value::jsonb) ? $2::text then (json_populate_record(null::"public"."shops", pgrst_e.value))."id" else gen_random_uuid() end',
    )
  })

  it('refuses unknown body columns with PGRST204', () => {
    const error = failure(() =>
      buildUpdate(
        schema,
        schema.tables.get('public.shops')!,
        '{}',
        ['bogus'],
        { returning: false, select: [] },
        q(''),
      ),
    )
    expect(error).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'bogus' column of 'shops' in the schema cache",
    })
  })

  it('updates and deletes only the filtered rows', () => {
    const u = buildUpdate(
      schema,
      schema.tables.get('public.shops')!,
      '{"floor":"x"}',
      ['floor'],
      { returning: true, select: [{ kind: 'star' }] },
      q('shop_no=eq.G01'),
    )
    expect(u.sql).toContain(
      'update "public"."shops" as "t0" set "floor" = pgrst_body."floor" from json_populate_record(null::"public"."shops", $1::json) as pgrst_body where "t0"."shop_no" = $2 returning "t0".*',
    )
    const d = buildDelete(
      schema,
      schema.tables.get('public.shops')!,
      { returning: false, select: [] },
      q('shop_no=in.(a,b)'),
    )
    expect(d.sql).toBe('delete from "public"."shops" as "t0" where "t0"."shop_no" = any($1)')
  })
})

describe('resolveFunction', () => {
  it('matches by argument names, honouring defaults', () => {
    expect(resolveFunction(schema, 'public', 'add', ['a']).name).toBe('add')
    expect(resolveFunction(schema, 'public', 'add', ['a', 'b']).name).toBe('add')
    expect(failure(() => resolveFunction(schema, 'public', 'add', ['b']))).toMatchObject({
      code: 'PGRST202',
      status: 404,
    })
    expect(failure(() => resolveFunction(schema, 'public', 'nope', []))).toMatchObject({ code: 'PGRST202' })
  })
})

describe('no request text in SQL (property)', () => {
  // Values are drawn with a marker so we can look for them; they must only ever be parameters.
  const value = fc.string({ minLength: 1, maxLength: 12 }).map((s) => `ZQ${s.replace(/[,()"\\]/g, '')}QZ`)
  const op = fc.constantFrom(
    'eq',
    'neq',
    'gt',
    'gte',
    'lt',
    'lte',
    'like',
    'ilike',
    'match',
    'imatch',
    'isdistinct',
    'cs',
    'cd',
    'ov',
  )
  it('keeps every filter value out of the SQL text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('shop_no', 'floor', 'id'), op, value), {
          minLength: 1,
          maxLength: 5,
        }),
        (filters) => {
          const qs = new URLSearchParams(filters.map(([c, o, v]) => [c, `${o}.${v}`]))
          const s = buildRead(schema, tableSource(schema, 'public', 'shops'), parseQuery(qs), {
            count: true,
            range: null,
            maxRows: null,
          })
          for (const [, , v] of filters) expect(s.sql).not.toContain(v)
          expect(s.params.length).toBeGreaterThanOrEqual(filters.length)
        },
      ),
    )
  })

  it('answers junk in select, filters and order with a 4xx RestError, never anything else', () => {
    const junk = fc.string({ maxLength: 30 })
    fc.assert(
      fc.property(fc.constantFrom('select', 'order', 'floor', 'or', 'limit'), junk, (key, text) => {
        try {
          const s = buildRead(
            schema,
            tableSource(schema, 'public', 'shops'),
            parseQuery(new URLSearchParams([[key, text]])),
            {
              count: false,
              range: null,
              maxRows: null,
            },
          )
          // Whatever parsed must not carry request text other than known identifiers.
          for (const p of s.params) if (typeof p === 'string' && p.length > 3) expect(s.sql).not.toContain(p)
        } catch (error) {
          expect(error).toBeInstanceOf(RestError)
          const e = error as RestError
          expect(e.status).toBeGreaterThanOrEqual(300)
          expect(e.status).toBeLessThan(500)
        }
      }),
      { numRuns: 500 },
    )
  })
})
