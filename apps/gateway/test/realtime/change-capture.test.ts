import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON, asCaller, type Caller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'

describe.each(drivers)('row-change capture in the database (%s)', (driver) => {
  let db: TestDatabase

  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
  })
  afterAll(async () => {
    await db?.close()
  })

  const latestChange = async () =>
    (
      await db.query<{
        id: number
        type: string
        record: Record<string, unknown> | null
        old_record: unknown
      }>('select id, type, record, old_record from realtime.changes order by id desc limit 1')
    ).rows[0]

  it('records inserts, updates and deletes of a watched table, old rows as their key only', async () => {
    const notified: string[] = []
    const unlisten = await db.listen('realtime_changes', (payload) => notified.push(payload))
    const { rows } = await asCaller(db, SERVICE_ROLE, (tx) =>
      tx.query<{ id: string }>(
        `insert into public.vacant_shops (unit_number, size_m2) values ('CAP-1', 10) returning id`,
      ),
    )
    const id = rows[0].id
    const insert = await latestChange()
    expect(insert).toMatchObject({
      type: 'INSERT',
      old_record: null,
      record: { id, unit_number: 'CAP-1', size_m2: 10 },
    })

    await asCaller(db, SERVICE_ROLE, (tx) =>
      tx.query(`update public.vacant_shops set size_m2 = 12 where id = $1`, [id]),
    )
    expect(await latestChange()).toMatchObject({
      type: 'UPDATE',
      old_record: { id },
      record: { size_m2: 12 },
    })

    await asCaller(db, SERVICE_ROLE, (tx) => tx.query('delete from public.vacant_shops where id = $1', [id]))
    const removed = await latestChange()
    expect(removed).toMatchObject({ type: 'DELETE', old_record: { id }, record: null })

    // The notification carries only the change id, never row data.
    await waitUntil(() => notified.length >= 3)
    expect(notified.slice(-3).map(Number)).toEqual([insert.id, insert.id + 1, removed.id])
    await unlisten()
  })

  it('does not record tables that are not watched', async () => {
    const before = await latestChange()
    await asCaller(db, SERVICE_ROLE, (tx) =>
      tx.query(`insert into public.analytics_events (name) values ('page_view')`),
    )
    expect((await latestChange()).id).toBe(before.id)
  })

  it('prunes changes older than the given age', async () => {
    await db.query(
      `update realtime.changes set commit_timestamp = now() - interval '1 hour' where id = (select min(id) from realtime.changes)`,
    )
    const { rows } = await db.query<{ pruned: number }>(
      `select realtime.prune_changes('10 minutes') as pruned`,
    )
    expect(Number(rows[0].pruned)).toBe(1)
  })

  const callers: [string, Caller][] = [
    ['a visitor', ANON],
    ['a tenant', asUser(DEMO.tenantA)],
    ['an admin', asUser(DEMO.admin, { aal: 'aal2' })],
    ['the service role', SERVICE_ROLE],
  ]
  it.each(callers)('%s can neither read the change log nor change what is watched', async (_who, caller) => {
    await expect(asCaller(db, caller, (tx) => tx.query('select * from realtime.changes'))).rejects.toThrow(
      /permission denied/,
    )
    await expect(
      asCaller(db, caller, (tx) => tx.query(`select realtime.unwatch_table('public.enquiries')`)),
    ).rejects.toThrow(/permission denied/)
  })

  it.each(callers)('%s cannot run the delivery check (it switches roles)', async (_who, caller) => {
    await expect(
      asCaller(db, caller, (tx) =>
        tx.query(`select * from realtime.visible_versions('[]', 'public.shops', '[]', true)`),
      ),
    ).rejects.toThrow(/permission denied/)
  })

  it('the delivery check applies each caller’s RLS to the captured version itself', async () => {
    const { rows } = await asCaller(db, SERVICE_ROLE, (tx) =>
      tx.query<{ record: Record<string, unknown> }>(
        `insert into public.rental_statements (tenant_id, period, amount_due, status)
         values ($1, '2041-01-01', 10, 'issued') returning to_jsonb(rental_statements.*) as record`,
        [DEMO.tenantA.tenantId],
      ),
    )
    const issuedToA = rows[0].record
    const draftOfA = { ...issuedToA, status: 'draft' }
    const issuedToB = { ...issuedToA, tenant_id: DEMO.tenantB.tenantId }
    const who = [asUser(DEMO.tenantA), asUser(DEMO.tenantB), asUser(DEMO.admin, { aal: 'aal2' }), ANON]
    const answer = await db.query<{ caller_index: number; record_index: number }>(
      `select * from realtime.visible_versions($1::jsonb, 'public.rental_statements', $2::jsonb, true) order by 1, 2`,
      [
        JSON.stringify(who.map((c) => ({ role: c.role, claims: c.claims }))),
        JSON.stringify([issuedToA, draftOfA, issuedToB]),
      ],
    )
    // -1: may select from the table at all (deletes then carry the key only).
    expect(answer.rows.map((r) => [r.caller_index, r.record_index])).toEqual([
      [0, -1],
      [0, 0], // tenant A: their issued statement, not the draft, not B's
      [1, -1],
      [1, 2], // tenant B: only the version that is theirs
      [2, -1],
      [2, 0],
      [2, 1],
      [2, 2], // admin: every version
      [3, -1], // visitor: no version
    ])
    // The role and claims it switched to end with the statement.
    const after = await db.query<{ same: boolean; claims: string | null }>(
      `select current_user = session_user as same, current_setting('request.jwt.claims', true) as claims`,
    )
    expect(after.rows[0].same).toBe(true)
    expect(after.rows[0].claims ?? '').toBe('')
  })

  it('the delivery check sees every version for the service role and none without SELECT privilege', async () => {
    const record = {
      id: '00000000-0000-4000-8000-0000000000aa',
      email: 'x@example.com',
      status: 'subscribed',
    }
    await db.exec('revoke select on public.newsletter_subscribers from anon')
    try {
      const answer = await db.query<{ caller_index: number; record_index: number }>(
        `select * from realtime.visible_versions($1::jsonb, 'public.newsletter_subscribers', $2::jsonb, true) order by 1, 2`,
        [
          JSON.stringify([SERVICE_ROLE, ANON].map((c) => ({ role: c.role, claims: c.claims }))),
          JSON.stringify([record]),
        ],
      )
      expect(answer.rows.map((r) => [r.caller_index, r.record_index])).toEqual([
        [0, -1],
        [0, 0],
      ])
    } finally {
      await db.exec('grant select on public.newsletter_subscribers to anon')
    }
  })

  it('the delivery check refuses a role that is not an API role', async () => {
    await expect(
      db.transaction((tx) =>
        tx.query(
          `select * from realtime.visible_versions('[{"role":"postgres","claims":{}}]', 'public.shops', '[]', true)`,
        ),
      ),
    ).rejects.toThrow(/is not an API role/)
  })

  it('the gateway itself (the database owner) can read the change log', async () => {
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from realtime.changes')
    expect(rows[0].n).toBeGreaterThan(0)
  })

  it('refuses to watch a table without a primary key', async () => {
    await db.exec('create table public.no_key (v int)')
    await expect(db.query(`select realtime.watch_table('public.no_key')`)).rejects.toThrow(
      /has no primary key/,
    )
    await db.exec('drop table public.no_key')
  })
})

async function waitUntil(check: () => boolean, timeoutMs = 5000) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}
