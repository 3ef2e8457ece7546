import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { drivers } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { DEMO, signToken, userClaims } from '../support/tokens.ts'
import { subscribed, waitFor, watchChanges } from './realtime-helpers.ts'

/**
 * The tenant portal's live updates (issue 12): a maintenance status change, a comment from
 * management and a notice reach the tenant they concern through postgres_changes, filtered by the
 * tables' RLS; tenant B never receives tenant A's.
 */
const REQUEST_A = '3a000000-0000-4000-8000-00000000000a'
const token = (user: (typeof DEMO)[keyof typeof DEMO], aal: 'aal1' | 'aal2' = 'aal1') =>
  signToken(userClaims(user, { aal }), TEST_JWT_SECRET)

describe.each(drivers)('tenant portal live updates (%s)', (driver) => {
  let gw: ListeningGateway
  beforeAll(async () => {
    gw = await startListeningGateway(driver, { seed: true })
  })
  afterAll(async () => {
    await gw?.close()
  })

  const asAdmin = async (sql: string, params: unknown[] = []) => {
    const claims = userClaims(DEMO.admin, { aal: 'aal2' })
    return asCaller(gw.db, { role: 'authenticated', claims }, (tx) =>
      tx.query<Record<string, unknown>>(sql, params),
    )
  }

  it("an admin's status change on tenant A's request reaches tenant A live, and not tenant B", async () => {
    const a = await gw.socketClient({ accessToken: await token(DEMO.tenantA) })
    const b = await gw.socketClient({ accessToken: await token(DEMO.tenantB) })
    const watchA = watchChanges(a, 'a-events', {
      event: 'INSERT',
      schema: 'public',
      table: 'maintenance_request_events',
    })
    const watchB = watchChanges(b, 'b-events', {
      event: 'INSERT',
      schema: 'public',
      table: 'maintenance_request_events',
    })
    await subscribed(watchA.channel)
    await subscribed(watchB.channel)

    await asAdmin(
      `update public.maintenance_requests set status = 'in_progress', status_note = 'Plumber on site' where id = $1`,
      [REQUEST_A],
    )
    const event = await waitFor('tenant A receives the status change', () => watchA.events[0])
    expect(event.new).toMatchObject({ request_id: REQUEST_A, status: 'in_progress', note: 'Plumber on site' })

    // Tenant B's own request changes afterwards: B receives that one, proving B's feed is live and saw nothing before.
    await asAdmin(
      `update public.maintenance_requests set status = 'scheduled' where id = '3a000000-0000-4000-8000-00000000000b'`,
    )
    const bEvent = await waitFor('tenant B receives their own change', () => watchB.events[0])
    expect(bEvent.new).toMatchObject({
      request_id: '3a000000-0000-4000-8000-00000000000b',
      status: 'scheduled',
    })
    expect(watchB.events.map((e) => e.new.request_id)).toEqual(['3a000000-0000-4000-8000-00000000000b'])
  })

  it('a notice to one shop reaches that shop’s tenant only; a comment from management reaches its tenant', async () => {
    const a = await gw.socketClient({ accessToken: await token(DEMO.tenantA) })
    const b = await gw.socketClient({ accessToken: await token(DEMO.tenantB) })
    const noticesA = watchChanges(a, 'a-notices', { event: 'INSERT', schema: 'public', table: 'notices' })
    const noticesB = watchChanges(b, 'b-notices', { event: 'INSERT', schema: 'public', table: 'notices' })
    const commentsA = watchChanges(a, 'a-comments', {
      event: 'INSERT',
      schema: 'public',
      table: 'maintenance_comments',
    })
    await subscribed(noticesA.channel)
    await subscribed(noticesB.channel)
    await subscribed(commentsA.channel)

    await asAdmin(
      `insert into public.notices (title, body, audience, shop_ids)
       values ('Only for G01', 'Your delivery bay is closed on Monday.', 'shops', array[(select id from public.shops where shop_no = 'G01')])`,
    )
    await asAdmin(
      `insert into public.notices (title, body) values ('For everyone', 'The centre opens late on Monday.')`,
    )
    await asAdmin(
      `insert into public.maintenance_comments (request_id, body) values ($1, 'We will come on Thursday.')`,
      [REQUEST_A],
    )

    await waitFor('tenant A receives both notices', () => noticesA.events.length === 2)
    expect(noticesA.events.map((e) => e.new.title)).toEqual(['Only for G01', 'For everyone'])
    await waitFor('tenant B receives the notice to everyone', () => noticesB.events.length === 1)
    expect(noticesB.events.map((e) => e.new.title)).toEqual(['For everyone'])
    const comment = await waitFor('tenant A receives the comment', () => commentsA.events[0])
    expect(comment.new).toMatchObject({ body: 'We will come on Thursday.', author_role: 'admin' })
  })

  it('a statement issued to tenant A reaches tenant A live, a draft does not', async () => {
    const a = await gw.socketClient({ accessToken: await token(DEMO.tenantA) })
    const watch = watchChanges(a, 'a-statements', {
      event: '*',
      schema: 'public',
      table: 'rental_statements',
    })
    await subscribed(watch.channel)
    const { rows } = await asCaller(gw.db, SERVICE_ROLE, (tx) =>
      tx.query<{ id: string }>(
        // Issuing needs a due date (migration 20261124400000).
        `insert into public.rental_statements (tenant_id, period, due_date, amount_due, status)
         values ($1, '2031-01-01', '2031-01-07', 500, 'draft') returning id`,
        [DEMO.tenantA.tenantId],
      ),
    )
    await asAdmin(`update public.rental_statements set status = 'issued' where id = $1`, [rows[0].id])
    const event = await waitFor('tenant A receives the issued statement', () => watch.events[0])
    expect(event.eventType).toBe('UPDATE')
    expect(event.new).toMatchObject({ id: rows[0].id, status: 'issued' })
    expect(watch.events).toHaveLength(1)
  })
})
