import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshSchemaCache } from '../../src/services/rest/schema-cache.ts'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

const SETUP = `
  create table public.agg_orders (
    id int primary key,
    customer text not null,
    amount numeric(10, 2) not null,
    placed_on date not null
  );
  create table public.agg_items (
    id int primary key,
    order_id int not null references public.agg_orders (id),
    sku text not null,
    qty int not null
  );
  insert into public.agg_orders values
    (1, 'Thandi', 100.50, '2026-01-05'),
    (2, 'Thandi', 20.00, '2026-02-10'),
    (3, 'Pieter', 75.25, '2026-01-20'),
    (4, 'Ayesha', 10.00, '2026-03-01');
  insert into public.agg_items values
    (1, 1, 'tea', 2), (2, 1, 'rusks', 1), (3, 2, 'tea', 4), (4, 3, 'coffee', 3);
  grant all on all tables in schema public to service_role;
`

/** Aggregates (issue 17, item 9): PostgREST's db-aggregates-enabled, off by default. */
describe.each(drivers)('REST aggregates through supabase-js (%s)', (driver) => {
  let gw: TestGateway
  let off: TestGateway
  let service: ReturnType<TestGateway['client']>
  beforeAll(async () => {
    gw = await createTestGateway(driver, { env: { DB_AGGREGATES_ENABLED: 'true' } })
    off = await createTestGateway(driver)
    for (const g of [gw, off]) {
      await g.db.exec(SETUP)
      await refreshSchemaCache(g.db)
    }
    service = gw.client({ key: gw.keys.serviceRoleKey })
  })
  afterAll(async () => {
    await gw.close()
    await off.close()
  })

  it('refuses every aggregate with one error while the setting is off (400 PGRST123)', async () => {
    const client = off.client({ key: off.keys.serviceRoleKey })
    for (const select of ['amount.sum()', 'count()', 'customer, amount.max()', 'id, agg_items(qty.sum())']) {
      const { status, error } = await client.from('agg_orders').select(select)
      expect(status).toBe(400)
      expect(error).toEqual({
        code: 'PGRST123',
        details: null,
        hint: null,
        message: 'Use of aggregate functions is not allowed',
      })
    }
  })

  it('aggregates the whole table, each value named after its function', async () => {
    const { data, error } = await service
      .from('agg_orders')
      .select('amount.sum(), amount.avg(), amount.min(), count(), last:placed_on.max()')
    expect(error).toBeNull()
    expect(data).toEqual([{ sum: 205.75, avg: 51.4375, min: 10, count: 4, last: '2026-03-01' }])
  })

  it('groups by the other selected columns, with aliases, casts and filters', async () => {
    const { data, error } = await service
      .from('agg_orders')
      .select(
        'customer, total:amount.sum(), orders:count(), average:amount.avg()::int, first:placed_on.min()',
      )
      .gt('amount', 15)
      .order('customer')
    expect(error).toBeNull()
    expect(data).toEqual([
      { customer: 'Pieter', total: 75.25, orders: 1, average: 75, first: '2026-01-20' },
      { customer: 'Thandi', total: 120.5, orders: 2, average: 60, first: '2026-01-05' },
    ])
    const casted = await service.from('agg_orders').select('amount::int.sum()').eq('customer', 'Thandi')
    expect(casted.data).toEqual([{ sum: 121 }])
  })

  it('aggregates inside an embed, per parent row', async () => {
    const { data, error } = await service
      .from('agg_orders')
      .select('id, agg_items(qty.sum(), lines:count())')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, agg_items: [{ sum: 3, lines: 2 }] },
      { id: 2, agg_items: [{ sum: 4, lines: 1 }] },
      { id: 3, agg_items: [{ sum: 3, lines: 1 }] },
      { id: 4, agg_items: [{ sum: null, lines: 0 }] },
    ])
    const grouped = await service
      .from('agg_orders')
      .select('id, agg_items(sku, qty.sum())')
      .eq('id', 1)
      .order('sku', { referencedTable: 'agg_items' })
      .single()
    expect(grouped.data).toEqual({
      id: 1,
      agg_items: [
        { sku: 'rusks', sum: 1 },
        { sku: 'tea', sum: 2 },
      ],
    })
  })

  it('groups by a spread to-one embed, and applies an aggregate inside it over the parents', async () => {
    const byCustomer = await service
      .from('agg_items')
      .select('...agg_orders(customer), qty.sum()')
      .order('agg_orders(customer)')
    expect(byCustomer.error).toBeNull()
    expect(byCustomer.data).toEqual([
      { customer: 'Pieter', sum: 3 },
      { customer: 'Thandi', sum: 7 },
    ])
    const bySku = await service.from('agg_items').select('sku, ...agg_orders(amount.max())').order('sku')
    expect(bySku.data).toEqual([
      { sku: 'coffee', max: 75.25 },
      { sku: 'rusks', max: 100.5 },
      { sku: 'tea', max: 100.5 },
    ])
  })
})
