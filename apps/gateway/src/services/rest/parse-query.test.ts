import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import { parseQuery, parseRangeHeader } from './parse-query.ts'

const parse = (qs: string) => parseQuery(new URLSearchParams(qs))

function parseError(qs: string): RestError {
  try {
    parse(qs)
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error(`expected ${qs} to fail`)
}

describe('parseQuery: select', () => {
  it('reads columns, aliases, casts and JSON paths', () => {
    const q = parse(
      'select=id,shopName:trading_name,gla_m2::text,trading_hours->>monday,hours:trading_hours->x->>y',
    )
    expect(q.select).toEqual([
      { kind: 'field', alias: null, field: { column: 'id', json: [] }, cast: null },
      { kind: 'field', alias: 'shopName', field: { column: 'trading_name', json: [] }, cast: null },
      { kind: 'field', alias: null, field: { column: 'gla_m2', json: [] }, cast: 'text' },
      {
        kind: 'field',
        alias: null,
        field: { column: 'trading_hours', json: [{ arrow: '->>', key: 'monday' }] },
        cast: null,
      },
      {
        kind: 'field',
        alias: 'hours',
        field: {
          column: 'trading_hours',
          json: [
            { arrow: '->', key: 'x' },
            { arrow: '->>', key: 'y' },
          ],
        },
        cast: null,
      },
    ])
  })

  it('reads nested embeds with aliases, hints and !inner', () => {
    const q = parse(
      'select=*,shop:shops!tenants_shop_id_fkey!inner(shop_no),rental_statements(period,tenants(id))',
    )
    expect(q.select[1]).toEqual({
      kind: 'embed',
      alias: 'shop',
      relation: 'shops',
      hint: 'tenants_shop_id_fkey',
      inner: true,
      spread: false,
      select: [{ kind: 'field', alias: null, field: { column: 'shop_no', json: [] }, cast: null }],
    })
    expect(q.select[2]).toMatchObject({
      kind: 'embed',
      relation: 'rental_statements',
      inner: false,
      hint: null,
    })
  })

  it('refuses broken select lists with PGRST100 and the position', () => {
    const error = parseError('select=id,(name')
    expect(error.code).toBe('PGRST100')
    expect(error.status).toBe(400)
    expect(error.fields.details).toContain('position 4')
    expect(parseError('select=shops(id').code).toBe('PGRST100')
    expect(parseError('select=...shops').code).toBe('PGRST100')
    expect(parse('select=id,...shops!inner(shop_no)').select[1]).toMatchObject({
      kind: 'embed',
      relation: 'shops',
      spread: true,
      inner: true,
    })
  })
})

describe('parseQuery: filters', () => {
  it('reads every operator with not, modifiers and embedded paths', () => {
    const q = parse(
      [
        'a=eq.1',
        'b=not.in.(1,"x,y",3)',
        'c=is.null',
        'd=like(any).{a*,b*}',
        'e=fts(english).cat',
        'shop.floor=neq.First',
        'data->>k=eq.v',
      ].join('&'),
    )
    expect(q.filters.map((f) => f.value)).toEqual([
      {
        kind: 'filter',
        negate: false,
        field: { column: 'a', json: [] },
        predicate: { op: 'eq', quantifier: null, value: '1' },
      },
      {
        kind: 'filter',
        negate: true,
        field: { column: 'b', json: [] },
        predicate: { op: 'in', values: ['1', 'x,y', '3'] },
      },
      {
        kind: 'filter',
        negate: false,
        field: { column: 'c', json: [] },
        predicate: { op: 'is', value: 'null' },
      },
      {
        kind: 'filter',
        negate: false,
        field: { column: 'd', json: [] },
        predicate: { op: 'like', quantifier: 'any', value: '{a*,b*}' },
      },
      {
        kind: 'filter',
        negate: false,
        field: { column: 'e', json: [] },
        predicate: { op: 'fts', config: 'english', value: 'cat' },
      },
      {
        kind: 'filter',
        negate: false,
        field: { column: 'floor', json: [] },
        predicate: { op: 'neq', quantifier: null, value: 'First' },
      },
      {
        kind: 'filter',
        negate: false,
        field: { column: 'data', json: [{ arrow: '->>', key: 'k' }] },
        predicate: { op: 'eq', quantifier: null, value: 'v' },
      },
    ])
    expect(q.filters[5].path).toEqual(['shop'])
  })

  it('keeps values with dots and spaces whole (form-decoded)', () => {
    const q = parse('website=eq.https%3A%2F%2Fa.b.c%2Fx+y')
    expect(q.filters[0].value).toMatchObject({ predicate: { value: 'https://a.b.c/x y' } })
  })

  it('reads nested or/and trees with quoted values', () => {
    const q = parse('or=(status.eq.open,and(floor.gte.1,floor.lte.2),name.ilike."*ca,fé*",not.x.is.null)')
    const tree = q.filters[0].value
    expect(tree).toMatchObject({
      kind: 'logic',
      op: 'or',
      negate: false,
      conditions: [
        { kind: 'filter', field: { column: 'status' }, predicate: { op: 'eq', value: 'open' } },
        {
          kind: 'logic',
          op: 'and',
          conditions: [{ predicate: { op: 'gte' } }, { predicate: { op: 'lte' } }],
        },
        { kind: 'filter', predicate: { op: 'ilike', value: '*ca,fé*' } },
        { kind: 'filter', negate: true, predicate: { op: 'is', value: 'null' } },
      ],
    })
    expect(parse('not.and=(a.eq.1,b.in.(1,2))').filters[0]).toMatchObject({
      path: [],
      value: {
        kind: 'logic',
        op: 'and',
        negate: true,
        conditions: [{}, { predicate: { op: 'in', values: ['1', '2'] } }],
      },
    })
    expect(parse('shops.or=(a.eq.1,b.eq.2)').filters[0].path).toEqual(['shops'])
  })

  it('refuses unknown operators and malformed values with PGRST100', () => {
    expect(parseError('a=foo.1').code).toBe('PGRST100')
    expect(parseError('a=eq1').code).toBe('PGRST100')
    expect(parseError('a=is.maybe').code).toBe('PGRST100')
    expect(parseError('a=in.1,2').code).toBe('PGRST100')
    expect(parseError('or=(a.eq.1').code).toBe('PGRST100')
    expect(parseError('or=a.eq.1').code).toBe('PGRST100')
    expect(parseError('gt(any)=x').code).toBe('PGRST100')
  })
})

describe('parseQuery: order, paging, writes', () => {
  it('reads order terms with directions and nulls', () => {
    const q = parse('order=is_featured.desc,created_at.desc.nullslast,shop_no&shops.order=id.asc.nullsfirst')
    expect(q.order[0].value).toEqual([
      { embed: null, field: { column: 'is_featured', json: [] }, direction: 'desc', nulls: null },
      { embed: null, field: { column: 'created_at', json: [] }, direction: 'desc', nulls: 'last' },
      { embed: null, field: { column: 'shop_no', json: [] }, direction: null, nulls: null },
    ])
    expect(q.order[1]).toEqual({
      path: ['shops'],
      value: [{ embed: null, field: { column: 'id', json: [] }, direction: 'asc', nulls: 'first' }],
    })
    expect(parse('order=shop(shop_no).desc').order[0].value).toEqual([
      { embed: 'shop', field: { column: 'shop_no', json: [] }, direction: 'desc', nulls: null },
    ])
    expect(parseError('order=a.sideways').code).toBe('PGRST100')
  })

  it('reads limit, offset, columns and on_conflict', () => {
    const q = parse('limit=10&offset=20&shops.limit=2&columns="a","b"&on_conflict=x,y')
    expect(q.limits).toEqual([
      { path: [], value: 10 },
      { path: ['shops'], value: 2 },
    ])
    expect(q.offsets).toEqual([{ path: [], value: 20 }])
    expect(q.columns).toEqual(['a', 'b'])
    expect(q.onConflict).toEqual(['x', 'y'])
    expect(parseError('limit=-1').code).toBe('PGRST100')
    expect(parseError('limit=ten').code).toBe('PGRST100')
  })

  it('separates RPC arguments from filters', () => {
    const q = parseQuery(new URLSearchParams('n=5&id=gt.1'), { rpcArgs: new Set(['n']) })
    expect(q.args.get('n')).toBe('5')
    expect(q.filters).toHaveLength(1)
  })

  it('reads the Range header', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 })
    expect(parseRangeHeader('5-')).toEqual({ offset: 5, limit: null })
    expect(parseRangeHeader('9-1')).toBeNull()
    expect(parseRangeHeader(undefined)).toBeNull()
  })
})
