import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/database.ts'
import { createTestGateway, type TestGateway } from '../support/gateway.ts'

/**
 * Captured row changes are copies of rows (an enquiry's name, e-mail and message included). They
 * are kept five minutes for the gateways to read; the pruning used to start only with the first
 * `postgres_changes` subscriber, so a gateway nobody subscribed to kept every change for ever.
 */
describe.each(drivers)('realtime changes and broadcasts pruned without any subscriber (%s)', (driver) => {
  let gw: TestGateway
  beforeAll(async () => {
    gw = await createTestGateway(driver, { seed: false })
  })
  afterAll(async () => {
    await gw?.close()
  })

  const changesOf = async (unit: string) => {
    const { rows } = await gw.db.query<{ n: number }>(
      `select count(*)::int as n from realtime.changes
       where table_name = 'vacant_shops' and record ->> 'unit_number' = $1`,
      [unit],
    )
    return rows[0].n
  }
  const messagesOn = async (topic: string) => {
    const { rows } = await gw.db.query<{ n: number }>(
      'select count(*)::int as n from realtime.messages where topic = $1',
      [topic],
    )
    return rows[0].n
  }
  const waitUntilGone = async (what: string, count: () => Promise<number>) => {
    const until = Date.now() + 8000
    while ((await count()) > 0) {
      if (Date.now() > until) throw new Error(`${what} was not pruned within 8 s`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  it('removes changes older than the keep window and broadcasts older than a day once the gateway starts its housekeeping, and keeps recent ones', async () => {
    await gw.db.query(`insert into public.vacant_shops (unit_number, size_m2) values ('OLD-1', 10)`)
    await gw.db.query(`insert into public.vacant_shops (unit_number, size_m2) values ('NEW-1', 10)`)
    // The first change as if captured ten minutes ago (the window is five).
    await gw.db.query(
      `update realtime.changes set commit_timestamp = clock_timestamp() - interval '10 minutes'
       where table_name = 'vacant_shops' and record ->> 'unit_number' = 'OLD-1'`,
    )
    expect(await changesOf('OLD-1')).toBe(1)
    // Database broadcasts (realtime.send(), callable from any trigger) are kept a day.
    await gw.db.query(`select realtime.send('{"n":1}'::jsonb, 'ping', 'prune-old', false)`)
    await gw.db.query(`select realtime.send('{"n":2}'::jsonb, 'ping', 'prune-new', false)`)
    await gw.db.query(
      `update realtime.messages set inserted_at = inserted_at - interval '25 hours' where topic = 'prune-old'`,
    )
    expect(await messagesOn('prune-old')).toBe(1)

    gw.gateway.startHousekeeping()
    gw.gateway.startHousekeeping() // idempotent: one timer each

    await waitUntilGone('the old change', () => changesOf('OLD-1'))
    await waitUntilGone('the old broadcast', () => messagesOn('prune-old'))
    expect(await changesOf('NEW-1')).toBe(1)
    expect(await messagesOn('prune-new')).toBe(1)
  })
})
