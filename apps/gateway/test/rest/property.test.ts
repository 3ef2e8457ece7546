import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/**
 * Property tests of the REST grammar against the seeded shops: random valid queries answer like the
 * hand-written SQL they mean; random junk answers 4xx in PostgREST's shape, never 500.
 */
type Column = 'shop_no' | 'floor' | 'category' | 'gla_m2' | 'primary_phone' | 'is_published'
const COLUMNS: Column[] = ['shop_no', 'floor', 'category', 'gla_m2', 'primary_phone', 'is_published']
const SQL_OPS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
} as const
type Op = keyof typeof SQL_OPS | 'in' | 'is'

interface Filter {
  column: Column
  op: Op
  negate: boolean
  values: string[]
}

describe.each(drivers)('REST grammar properties (%s)', (driver) => {
  let gw: TestGateway
  let sample: Record<Column, string[]>
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: true })
    sample = {} as Record<Column, string[]>
    for (const column of COLUMNS) {
      const { rows } = await gw.db.query<{ v: string }>(
        `select distinct ${column}::text as v from public.shops where ${column} is not null order by 1`,
      )
      sample[column] = rows.map((r) => r.v)
    }
  })
  afterAll(() => gw.close())

  const filterArb = fc
    .record({
      column: fc.constantFrom(...COLUMNS),
      op: fc.constantFrom<Op>('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'in', 'is'),
      negate: fc.boolean(),
      pick: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      pattern: fc.constantFrom('%a%', '%o%', 'G%', '%1', '%'),
    })
    .map(({ column, op, negate, pick, pattern }): Filter => {
      const values = pick.map((i) => sample[column][i % sample[column].length])
      if (column === 'is_published' && op !== 'is') return { column, op: 'eq', negate, values: [values[0]] }
      if (op === 'is') return { column, op, negate, values: [column === 'is_published' ? 'true' : 'null'] }
      if (op === 'like' || op === 'ilike') {
        return column === 'gla_m2'
          ? { column, op: 'eq', negate, values: [values[0]] }
          : { column, op, negate, values: [pattern] }
      }
      return { column, op, negate, values: op === 'in' ? values : [values[0]] }
    })

  const queryArb = fc.record({
    filters: fc.array(filterArb, { maxLength: 3 }),
    order: fc.array(
      fc.record({ column: fc.constantFrom(...COLUMNS), desc: fc.boolean(), nullsFirst: fc.boolean() }),
      { maxLength: 2 },
    ),
    limit: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    offset: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined }),
  })

  it('answers random valid queries with the rows of the equivalent hand-written SQL', async () => {
    const service = gw.client({ key: gw.keys.serviceRoleKey })
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        let builder = service.from('shops').select('id')
        const where: string[] = []
        const params: unknown[] = []
        for (const f of q.filters) {
          const valueText = f.op === 'in' ? `(${f.values.map((v) => `"${v}"`).join(',')})` : f.values[0]
          builder = f.negate
            ? builder.not(f.column, f.op, valueText)
            : builder.filter(f.column, f.op, valueText)
          let sql: string
          if (f.op === 'is') sql = `${f.column} is ${f.values[0]}`
          else if (f.op === 'in') {
            params.push(f.values)
            sql = `${f.column}::text = any($${params.length}::text[])`
          } else {
            params.push(f.values[0])
            sql = `${f.column} ${SQL_OPS[f.op]} $${params.length}`
          }
          where.push(f.negate ? `not (${sql})` : sql)
        }
        const orderSql: string[] = []
        for (const o of q.order) {
          builder = builder.order(o.column, { ascending: !o.desc, nullsFirst: o.nullsFirst })
          orderSql.push(`${o.column} ${o.desc ? 'desc' : 'asc'} nulls ${o.nullsFirst ? 'first' : 'last'}`)
        }
        builder = builder.order('id')
        orderSql.push('id asc')
        if (q.offset !== undefined) builder = builder.range(q.offset, q.offset + (q.limit ?? 1000) - 1)
        else if (q.limit !== undefined) builder = builder.limit(q.limit)
        const limit = q.offset !== undefined ? (q.limit ?? 1000) : q.limit
        const sql = `select id from public.shops${where.length ? ` where ${where.join(' and ')}` : ''} order by ${orderSql.join(', ')}${limit !== undefined ? ` limit ${limit}` : ''}${q.offset !== undefined ? ` offset ${q.offset}` : ''}`
        const expected = (await gw.db.query<{ id: string }>(sql, params)).rows.map((r) => r.id)
        const { data, error, status } = await builder
        expect(error).toBeNull()
        expect(status).toBe(200)
        expect((data ?? []).map((r) => r.id)).toEqual(expected)
      }),
      { numRuns: 60 },
    )
  })

  it('answers random junk in select, filters and order with 4xx in PostgREST’s shape, never 500', async () => {
    const junk = fc.string({ unit: 'binary', maxLength: 40 })
    const key = fc.constantFrom(
      'select',
      'order',
      'shop_no',
      'gla_m2',
      'or',
      'and',
      'limit',
      'tenants.id',
      'shop_no->x',
    )
    await fc.assert(
      fc.asyncProperty(key, junk, async (k, v) => {
        const qs = new URLSearchParams([[k, v]])
        const res = await gw.app.request(`/rest/v1/shops?${qs}`, {
          headers: { apikey: gw.keys.anonKey },
        })
        expect(res.status).toBeLessThan(500)
        const body: unknown = await res.json()
        if (res.status >= 300) {
          expect(body).toEqual({
            code: expect.any(String),
            details: expect.toBeOneOf([null, expect.any(String)]),
            hint: expect.toBeOneOf([null, expect.any(String)]),
            message: expect.any(String),
          })
        } else {
          expect(Array.isArray(body)).toBe(true)
        }
      }),
      { numRuns: 150 },
    )
    // The database is still fine afterwards.
    expect((await gw.db.query('select count(*)::int as n from public.shops')).rows[0]).toEqual({ n: 28 })
  })
})
