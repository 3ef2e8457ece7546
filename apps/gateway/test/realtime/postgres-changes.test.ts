import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { drivers } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'
import { subscribed, waitFor, watchChanges } from './realtime-helpers.ts'

const token = (user: (typeof DEMO)[keyof typeof DEMO], overrides: Record<string, unknown> = {}) =>
  signToken({ ...userClaims(user), ...overrides }, TEST_JWT_SECRET)

describe.each(drivers)('realtime postgres_changes (%s)', (driver) => {
  let gw: ListeningGateway
  let period = 0

  beforeAll(async () => {
    gw = await startListeningGateway(driver, { seed: true })
  })
  afterAll(async () => {
    await gw?.close()
  })

  const asService = (sql: string, params: unknown[] = []) =>
    asCaller(gw.db, SERVICE_ROLE, (tx) => tx.query<Record<string, unknown>>(sql, params))
  /** A new statement in a month no seed row uses. */
  const insertStatement = async (tenantId: string, status: string, amount = 1000) => {
    period += 1
    const month = `${2030 + Math.floor(period / 12)}-${String((period % 12) + 1).padStart(2, '0')}-01`
    const { rows } = await asService(
      `insert into public.rental_statements (tenant_id, period, amount_due, status)
       values ($1, $2, $3, $4) returning id`,
      [tenantId, month, amount, status],
    )
    return String(rows[0].id)
  }

  it('an admin watching enquiries sees a new enquiry with the §6.5 payload', async () => {
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const { channel, events } = watchChanges(admin, 'admin-enquiries', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    await subscribed(channel)
    const { rows } = await asService(
      `insert into public.enquiries (kind, name, email, message) values ('contact', 'Thandi', 'thandi@example.com', 'Hello') returning id`,
    )
    const event = await waitFor('the enquiry event', () => events[0])
    expect(event.eventType).toBe('INSERT')
    expect(event.schema).toBe('public')
    expect(event.table).toBe('enquiries')
    expect(event.new).toMatchObject({
      id: rows[0].id,
      name: 'Thandi',
      email: 'thandi@example.com',
      kind: 'contact',
    })
    expect(event.old).toEqual({})
    expect(event.errors).toBeNull()
    expect(event.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    await admin.removeChannel(channel)
  })

  it('an admin watching enquiries sees one a visitor sends through the send-enquiry-email function', async () => {
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const { channel, events } = watchChanges(admin, 'admin-dashboard', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
      filter: 'kind=eq.leasing',
    })
    await subscribed(channel)
    const visitor = await gw.socketClient()
    const { error } = await visitor.functions.invoke('send-enquiry-email', {
      body: JSON.stringify({
        name: 'Ayanda Dlamini',
        email: 'ayanda@example.com',
        phone: '083 555 0202',
        company: 'Ayanda Eats',
        businessType: 'food',
        message: 'Looking for 120 m2 near the entrance.',
        source: 'leasing_form',
      }),
    })
    expect(error).toBeNull()
    const event = await waitFor('the leasing enquiry', () => events[0])
    expect(event.new).toMatchObject({ kind: 'leasing', name: 'Ayanda Dlamini', company: 'Ayanda Eats' })
    await admin.removeChannel(channel)
  })

  it('a visitor (anon) watching enquiries never receives one', async () => {
    const visitor = await gw.socketClient()
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const anon = watchChanges(visitor, 'anon-enquiries', { event: '*', schema: 'public', table: 'enquiries' })
    const adm = watchChanges(admin, 'admin-enquiries-2', { event: '*', schema: 'public', table: 'enquiries' })
    await subscribed(anon.channel)
    await subscribed(adm.channel)
    await asService(
      `insert into public.enquiries (kind, name, email) values ('contact', 'Sipho', 'sipho@example.com')`,
    )
    await waitFor('the admin to see it', () => adm.events[0])
    // Both sockets are served by the same ordered feed: had the visitor been sent it, it would be here.
    await gw.deps.db.query('select 1')
    expect(anon.events).toEqual([])
    await visitor.removeAllChannels()
    await admin.removeAllChannels()
  })

  it('tenant A sees their own new issued statement, never tenant B’s, and nothing for a draft', async () => {
    const tenantA = await gw.socketClient({ accessToken: await token(DEMO.tenantA) })
    const { channel, events } = watchChanges(tenantA, 'my-statements', {
      event: '*',
      schema: 'public',
      table: 'rental_statements',
    })
    await subscribed(channel)
    const ofB = await insertStatement(DEMO.tenantB.tenantId, 'issued')
    const draftOfA = await insertStatement(DEMO.tenantA.tenantId, 'draft')
    const ofA = await insertStatement(DEMO.tenantA.tenantId, 'issued', 2345.5)
    const event = await waitFor('tenant A’s statement', () => events.find((e) => e.new.id === ofA))
    expect(event.new).toMatchObject({
      tenant_id: DEMO.tenantA.tenantId,
      status: 'issued',
      amount_due: 2345.5,
    })
    // Changes arrive in commit order, so B's and the draft (committed earlier) would be here by now.
    expect(events.map((e) => e.new.id)).toEqual([ofA])
    expect(events.some((e) => e.new.id === ofB || e.new.id === draftOfA)).toBe(false)

    // Issuing the draft makes it visible: the UPDATE arrives with only the key as old record.
    await asService(`update public.rental_statements set status = 'issued' where id = $1`, [draftOfA])
    const update = await waitFor('the issued draft', () => events.find((e) => e.eventType === 'UPDATE'))
    expect(update.new).toMatchObject({ id: draftOfA, status: 'issued' })
    expect(update.old).toEqual({ id: draftOfA })
    await tenantA.removeChannel(channel)
  })

  it('a statement moved from tenant B to tenant A before delivery never shows B’s version to A', async () => {
    const tenantA = await gw.socketClient({ accessToken: await token(DEMO.tenantA) })
    const { channel, events } = watchChanges(tenantA, 'moved', {
      event: '*',
      schema: 'public',
      table: 'rental_statements',
    })
    await subscribed(channel)
    // One transaction: insert for B, then hand it to A. A may see only the final version.
    period += 1
    const { rows } = await asCaller(gw.db, SERVICE_ROLE, async (tx) => {
      const inserted = await tx.query<{ id: string }>(
        `insert into public.rental_statements (tenant_id, period, amount_due, status, line_items)
         values ($1, '2040-01-01', 999, 'issued', '[{"description":"secret of B","amount":999}]') returning id`,
        [DEMO.tenantB.tenantId],
      )
      await tx.query(`update public.rental_statements set tenant_id = $1, line_items = '[]' where id = $2`, [
        DEMO.tenantA.tenantId,
        inserted.rows[0].id,
      ])
      return inserted
    })
    const update = await waitFor('the final version', () => events.find((e) => e.eventType === 'UPDATE'))
    expect(update.new).toMatchObject({ id: rows[0].id, tenant_id: DEMO.tenantA.tenantId, line_items: [] })
    expect(events.filter((e) => e.eventType === 'INSERT')).toEqual([])
    expect(JSON.stringify(events)).not.toContain('of B')
    await tenantA.removeChannel(channel)
  })

  it('a filter limits the events to matching rows', async () => {
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const big = watchChanges(admin, 'big-statements', {
      event: 'INSERT',
      schema: 'public',
      table: 'rental_statements',
      filter: 'amount_due=gte.5000',
    })
    const ofB = watchChanges(admin, 'statements-of-b', {
      event: 'INSERT',
      schema: 'public',
      table: 'rental_statements',
      filter: `tenant_id=in.(${DEMO.tenantB.tenantId},00000000-0000-4000-8000-000000000000)`,
    })
    await subscribed(big.channel)
    await subscribed(ofB.channel)
    const small = await insertStatement(DEMO.tenantA.tenantId, 'issued', 100)
    const large = await insertStatement(DEMO.tenantA.tenantId, 'issued', 9000)
    const bStatement = await insertStatement(DEMO.tenantB.tenantId, 'issued', 50)
    await waitFor('the large statement', () => big.events.find((e) => e.new.id === large))
    await waitFor('B’s statement', () => ofB.events.find((e) => e.new.id === bStatement))
    expect(big.events.map((e) => e.new.id)).toEqual([large])
    expect(ofB.events.map((e) => e.new.id)).toEqual([bStatement])
    expect(small).toBeTruthy()
    await admin.removeAllChannels()
  })

  it('an unsupported filter is answered with a system error, the join itself succeeds', async () => {
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const systems: Record<string, unknown>[] = []
    const { channel } = watchChanges(admin, 'bad-filter', {
      event: '*',
      schema: 'public',
      table: 'shops',
      filter: 'trading_name=like.*Café*',
    })
    channel.on('system', {}, (payload) => systems.push(payload))
    await subscribed(channel)
    const system = await waitFor('the system message', () => systems[0])
    expect(system).toMatchObject({ extension: 'postgres_changes', status: 'error' })
    expect(String(system.message)).toMatch(/^Error parsing `filter` params: operator like is not supported/)
    await admin.removeAllChannels()
  })

  it('deletes carry only the primary key, and only to callers who may read the table', async () => {
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const { channel, events } = watchChanges(admin, 'deleted-vacancies', {
      event: 'DELETE',
      schema: 'public',
      table: 'vacant_shops',
    })
    await subscribed(channel)
    const { rows } = await asService(
      `insert into public.vacant_shops (unit_number, size_m2) values ('RT-1', 42) returning id`,
    )
    await asService('delete from public.vacant_shops where id = $1', [rows[0].id])
    const event = await waitFor('the delete', () => events[0])
    expect(event.eventType).toBe('DELETE')
    expect(event.old).toEqual({ id: rows[0].id })
    expect(event.new).toEqual({})
    await admin.removeAllChannels()
  })

  it('a large row arrives whole (the notification carries only its id)', async () => {
    const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
    const { channel, events } = watchChanges(admin, 'large-enquiry', {
      event: 'INSERT',
      schema: 'public',
      table: 'enquiries',
    })
    await subscribed(channel)
    const message = 'x'.repeat(50_000)
    await asService(
      `insert into public.enquiries (kind, name, email, message) values ('contact', 'Long', 'l@example.com', $1)`,
      [message],
    )
    const event = await waitFor('the large enquiry', () => events[0])
    expect(event.new.message).toBe(message)
    await admin.removeAllChannels()
  })
})
