import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON, type Caller, SERVICE_ROLE, setCaller } from '../../src/database/request-scope.ts'
import type { Queryable } from '../../src/database/types.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs } from './act-as.ts'
import { FIXTURES } from './matrix-cases.ts'

/**
 * The newsletter's rules as the people involved meet them (issue 14; migration 20261124600000):
 * consent given only by the person and proven by an append-only ledger, double opt-in, sending
 * only by centre management with their second factor, and the worker's queue. The matrix counts
 * rows; these check what the rows say.
 */
const admin = asUser(DEMO.admin, { aal: 'aal2' })
const adminAal1 = asUser(DEMO.admin)
const tenantA = asUser(DEMO.tenantA)
const WORDING =
  'I agree to receive news about stores and events at Genesis Centre. I can unsubscribe at any time.'
const SENT_ISSUE = '6e3b1a00-0000-4000-8000-000000000001'

class Rollback extends Error {}

/** Runs several statements in one transaction (callers switched with `as`), then rolls it all back. */
async function inRolledBack<T>(
  db: TestDatabase,
  fn: (tx: Queryable, as: (caller: Caller) => Promise<void>) => Promise<T>,
): Promise<T> {
  let value: T | undefined
  try {
    await db.transaction(async (tx) => {
      value = await fn(tx, (caller) => setCaller(tx, caller))
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
  return value as T
}

/** The SQLSTATE a statement fails with inside a transaction that goes on (a savepoint around it). */
async function failure(tx: Queryable, sql: string, params: unknown[] = []): Promise<string> {
  await tx.query('savepoint probe')
  try {
    await tx.query(sql, params)
    await tx.query('release savepoint probe')
    return 'ok'
  } catch (error) {
    await tx.query('rollback to savepoint probe')
    return (error as { code?: string }).code ?? 'unknown'
  }
}

async function newDraft(tx: Queryable, body = '# Hello\n\nNews.'): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into public.newsletters (subject, body) values ('November news', $1) returning id`,
    [body],
  )
  return rows[0].id
}

describe.each(drivers)('newsletter rules on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await db.exec(FIXTURES)
  })
  afterAll(async () => {
    await db?.close()
  })

  describe('consent is given by the person, through the narrow functions only', () => {
    it('a visitor cannot call the consent functions directly; the service role (the function) can', async () => {
      for (const caller of [ANON, tenantA, admin]) {
        for (const sql of [
          `select * from public.newsletter_request_subscription('x@example.com', 'homepage', 'yes')`,
          `select * from public.newsletter_confirm_subscription('00')`,
          `select * from public.newsletter_unsubscribe('00')`,
        ]) {
          expect(await actAs(db, caller, sql)).toMatchObject({ ok: false, code: '42501' })
        }
      }
      const r = await actAs(
        db,
        SERVICE_ROLE,
        `select * from public.newsletter_request_subscription('x@example.com', 'homepage', 'yes')`,
      )
      expect(r).toMatchObject({ ok: true, rows: [{ outcome: 'pending' }] })
    })

    it('a sign-up is pending, recorded with wording, source, address and agent; confirming subscribes', async () => {
      const { ledger, before, after } = await inRolledBack(db, async (tx, as) => {
        await as(SERVICE_ROLE)
        const { rows } = await tx.query<{ outcome: string; confirm_token: string }>(
          `select * from public.newsletter_request_subscription($1, 'footer', $2, '203.0.113.9', 'Firefox/140')`,
          ['New.Reader@example.com', WORDING],
        )
        const state = async () =>
          (
            await tx.query<{ status: string; confirmed_at: string | null }>(
              `select status, confirmed_at from public.newsletter_subscribers where email = 'New.Reader@example.com'`,
            )
          ).rows[0]
        const before = await state()
        const confirmed = await tx.query<{ outcome: string }>(
          `select * from public.newsletter_confirm_subscription($1, '203.0.113.10', 'Firefox/141')`,
          [rows[0].confirm_token],
        )
        expect(confirmed.rows[0].outcome).toBe('confirmed')
        const again = await tx.query<{ outcome: string }>(
          'select * from public.newsletter_confirm_subscription($1)',
          [rows[0].confirm_token],
        )
        expect(again.rows[0].outcome).toBe('already-confirmed')
        const after = await state()
        const ledger = await tx.query(
          `select event, source, wording, ip_address, user_agent from public.newsletter_consent_events
            where email = 'New.Reader@example.com' order by id`,
        )
        return { ledger: ledger.rows, before, after }
      })
      expect(before).toEqual({ status: 'pending', confirmed_at: null })
      expect(after.status).toBe('subscribed')
      expect(after.confirmed_at).not.toBeNull()
      expect(ledger).toEqual([
        {
          event: 'opt_in_requested',
          source: 'footer',
          wording: WORDING,
          ip_address: '203.0.113.9',
          user_agent: 'Firefox/140',
        },
        {
          event: 'opt_in_confirmed',
          source: 'confirmation link',
          wording: WORDING,
          ip_address: '203.0.113.10',
          user_agent: 'Firefox/141',
        },
      ])
    })

    it('an unsubscribe is recorded; the old confirmation link cannot subscribe the address again', async () => {
      const result = await inRolledBack(db, async (tx, as) => {
        await as(SERVICE_ROLE)
        const { rows } = await tx.query<{ confirm_token: string; unsubscribe_token: string }>(
          `select * from public.newsletter_request_subscription('leaver@example.com', 'homepage', $1)`,
          [WORDING],
        )
        await tx.query('select * from public.newsletter_confirm_subscription($1)', [rows[0].confirm_token])
        const out = await tx.query<{ outcome: string }>(
          `select * from public.newsletter_unsubscribe($1, 'one-click unsubscribe', '203.0.113.5', 'Mail/1')`,
          [rows[0].unsubscribe_token],
        )
        const oldLink = await tx.query<{ outcome: string }>(
          'select * from public.newsletter_confirm_subscription($1)',
          [rows[0].confirm_token],
        )
        const status = await tx.query<{ status: string }>(
          `select status from public.newsletter_subscribers where email = 'leaver@example.com'`,
        )
        const last = await tx.query(
          `select event, source, ip_address from public.newsletter_consent_events
            where email = 'leaver@example.com' order by id desc limit 1`,
        )
        return {
          out: out.rows[0].outcome,
          oldLink: oldLink.rows[0].outcome,
          status: status.rows[0].status,
          last: last.rows[0],
        }
      })
      expect(result).toEqual({
        out: 'unsubscribed',
        oldLink: 'invalid',
        status: 'unsubscribed',
        last: { event: 'opt_out', source: 'one-click unsubscribe', ip_address: '203.0.113.5' },
      })
    })

    it('an admin can unsubscribe an address (recorded as theirs) but never subscribe one or change its consent', async () => {
      const result = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const subscribe = await failure(
          tx,
          `update public.newsletter_subscribers set status = 'subscribed', confirmed_at = now()
            where email = 'thabo.pending@example.com'`,
        )
        const rewrite = await failure(
          tx,
          `update public.newsletter_subscribers set consent_text = 'something else'
            where email = 'lerato.demo@example.com'`,
        )
        const unsubscribe = await tx.query(
          `update public.newsletter_subscribers set status = 'unsubscribed' where email = 'lerato.demo@example.com'`,
        )
        const last = await tx.query(
          `select event, source, recorded_by from public.newsletter_consent_events
            where email = 'lerato.demo@example.com' order by id desc limit 1`,
        )
        return { subscribe, rewrite, unsubscribed: unsubscribe.affectedRows, last: last.rows[0] }
      })
      expect(result).toEqual({
        subscribe: '42501',
        rewrite: '42501',
        unsubscribed: 1,
        last: { event: 'opt_out', source: 'back office', recorded_by: DEMO.admin.email },
      })
      // Without the second factor the admin changes nothing.
      const aal1 = await actAs(
        db,
        adminAal1,
        `update public.newsletter_subscribers set status = 'unsubscribed' where email = 'lerato.demo@example.com'`,
      )
      expect(aal1).toMatchObject({ ok: true, affected: 0 })
    })

    it('the ledger is append-only, even for the service role', async () => {
      for (const caller of [SERVICE_ROLE, admin]) {
        for (const sql of [
          `update public.newsletter_consent_events set wording = 'changed'`,
          'delete from public.newsletter_consent_events',
        ]) {
          expect(await actAs(db, caller, sql)).toMatchObject({ ok: false, code: '42501' })
        }
      }
      // Not even the database owner (the trigger, not a grant, refuses).
      const owner = await inRolledBack(db, (tx) =>
        failure(tx, `update public.newsletter_consent_events set ip_address = null`),
      )
      expect(owner).toBe('42501')
      const admins = await actAs(db, admin, 'select count(*)::int as n from public.newsletter_consent_events')
      expect(admins).toMatchObject({ ok: true, rows: [{ n: 7 }] })
    })
  })

  describe('sending', () => {
    it('centre management with the second factor sends to confirmed subscribers only', async () => {
      const result = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        const { rows } = await tx.query<{ n: number }>('select public.send_newsletter($1) as n', [id])
        const queued = await tx.query<{ email: string }>(
          'select email from public.newsletter_deliveries where newsletter_id = $1 order by email',
          [id],
        )
        const status = await tx.query<{ status: string; recipient_count: number }>(
          'select status, recipient_count from public.newsletters where id = $1',
          [id],
        )
        return { n: rows[0].n, queued: queued.rows.map((r) => r.email), status: status.rows[0] }
      })
      // thabo.pending never confirmed; anna.former unsubscribed.
      expect(result).toEqual({
        n: 2,
        queued: ['johan.demo@example.com', 'lerato.demo@example.com'],
        status: { status: 'sending', recipient_count: 2 },
      })
    })

    it('nobody else can send, and a direct status change is refused', async () => {
      for (const [caller, code] of [
        [adminAal1, '42501'],
        [tenantA, '42501'],
        [ANON, '42501'],
      ] as const) {
        const r = await inRolledBack(db, async (tx, as) => {
          const id = await newDraft(tx)
          await as(caller)
          return failure(tx, 'select public.send_newsletter($1)', [id])
        })
        expect(r).toBe(code)
      }
      const direct = await inRolledBack(db, async (tx, as) => {
        const id = await newDraft(tx)
        await as(admin)
        return failure(tx, `update public.newsletters set status = 'sent' where id = $1`, [id])
      })
      expect(direct).toBe('42501')
    })

    it('a sent issue cannot be edited or deleted; a draft can', async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        return {
          editSent: await failure(tx, `update public.newsletters set body = 'rewritten' where id = $1`, [
            SENT_ISSUE,
          ]),
          deleteSent: await failure(tx, 'delete from public.newsletters where id = $1', [SENT_ISSUE]),
          editDraft: await failure(tx, `update public.newsletters set body = 'rewritten' where id = $1`, [
            id,
          ]),
          sendAgain: await failure(tx, 'select public.send_newsletter($1)', [SENT_ISSUE]),
        }
      })
      expect(r).toEqual({ editSent: '42501', deleteSent: '42501', editDraft: 'ok', sendAgain: '55000' })
    })

    it('an empty draft or a list without confirmed subscribers is refused with a reason', async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const empty = await newDraft(tx, '   ')
        const emptyBody = await failure(tx, 'select public.send_newsletter($1)', [empty])
        await tx.query(`update public.newsletter_subscribers set status = 'unsubscribed'`)
        const id = await newDraft(tx)
        const nobody = await failure(tx, 'select public.send_newsletter($1)', [id])
        return { emptyBody, nobody }
      })
      expect(r).toEqual({ emptyBody: '22023', nobody: '55000' })
    })

    it('only admins with the second factor retry failed deliveries', async () => {
      const allowed = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const { rows } = await tx.query<{ n: number }>(
          'select public.retry_failed_newsletter_deliveries($1) as n',
          [SENT_ISSUE],
        )
        const status = await tx.query<{ status: string }>(
          'select status from public.newsletters where id = $1',
          [SENT_ISSUE],
        )
        return { n: rows[0].n, status: status.rows[0].status }
      })
      expect(allowed).toEqual({ n: 1, status: 'sending' })
      for (const caller of [adminAal1, tenantA]) {
        const denied = await actAs(db, caller, 'select public.retry_failed_newsletter_deliveries($1)', [
          SENT_ISSUE,
        ])
        expect(denied).toMatchObject({ ok: false, code: '42501' })
      }
    })
  })

  describe("the worker's queue", () => {
    it('an address erased on request after the issue was queued is skipped, never mailed', async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        await tx.query('select public.send_newsletter($1)', [id])
        await tx.query(
          `select public.privacy_erase_person('johan.demo@example.com', 'Asked to be forgotten')`,
        )
        await as(SERVICE_ROLE)
        const batch = await tx.query<{ email: string }>(
          `select * from public.newsletter_claim_batch('w', 10, 60)`,
        )
        const skipped = await tx.query(
          `select email, email_hash = $2 as hashed, error
             from public.newsletter_deliveries where newsletter_id = $1 and status = 'skipped'`,
          [id, createHash('sha256').update('johan.demo@example.com').digest('hex')],
        )
        return { batch: batch.rows.map((b) => b.email), skipped: skipped.rows }
      })
      // The erased address's delivery keeps only its hash (decision 020).
      expect(r).toEqual({
        batch: ['lerato.demo@example.com'],
        skipped: [{ email: null, hashed: true, error: 'Erased on request before it was sent' }],
      })
    })

    it('only the service role works the queue', async () => {
      for (const caller of [ANON, tenantA, admin]) {
        const r = await actAs(db, caller, `select * from public.newsletter_claim_batch('w', 10, 60)`)
        expect(r).toMatchObject({ ok: false, code: '42501' })
      }
    })

    it('two workers never claim the same delivery; an interrupted one fails instead of going out twice', async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        await tx.query('select public.send_newsletter($1)', [id])
        await as(SERVICE_ROLE)
        const one = await tx.query<{ id: string; unsubscribe_token: string }>(
          `select * from public.newsletter_claim_batch('worker-1', 1, 60)`,
        )
        const two = await tx.query<{ id: string }>(
          `select * from public.newsletter_claim_batch('worker-2', 10, 60)`,
        )
        const three = await tx.query<{ id: string }>(
          `select * from public.newsletter_claim_batch('worker-3', 10, 60)`,
        )
        // Worker 1 starts sending, then dies: its lease runs out.
        const began = await tx.query<{ ok: boolean }>(
          `select public.newsletter_begin_delivery($1, 'worker-1', 60) as ok`,
          [one.rows[0].id],
        )
        const stolen = await tx.query<{ ok: boolean }>(
          `select public.newsletter_begin_delivery($1, 'worker-2', 60) as ok`,
          [one.rows[0].id],
        )
        await tx.query(`update public.newsletter_deliveries set claimed_until = now() - interval '1 second'`)
        const four = await tx.query<{ id: string }>(
          `select * from public.newsletter_claim_batch('worker-4', 10, 60)`,
        )
        const states = await tx.query<{ id: string; status: string; error: string | null }>(
          'select id, status, error from public.newsletter_deliveries where newsletter_id = $1',
          [id],
        )
        return {
          one: one.rows.map((x) => x.id),
          token: one.rows[0].unsubscribe_token,
          two: two.rows.map((x) => x.id),
          three: three.rows.length,
          began: began.rows[0].ok,
          stolen: stolen.rows[0].ok,
          four: four.rows.map((x) => x.id),
          states: states.rows,
        }
      })
      expect(r.one).toHaveLength(1)
      expect(r.token).toMatch(/^[0-9a-f]{48}$/)
      expect(r.two).toHaveLength(1)
      expect(r.two).not.toContain(r.one[0])
      expect(r.three).toBe(0)
      expect(r.began).toBe(true)
      expect(r.stolen).toBe(false)
      // The row worker 1 was sending is failed, not handed out again; worker 2's claim came back.
      expect(r.four).toEqual(r.two)
      const interrupted = r.states.find((s) => s.id === r.one[0])
      expect(interrupted?.status).toBe('failed')
      expect(interrupted?.error).toMatch(/Interrupted while sending/)
    })

    it('a failure is retried later, then stays failed with the reason; the issue completes', async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        await tx.query('select public.send_newsletter($1)', [id])
        await as(SERVICE_ROLE)
        const runOnce = async (ok: boolean) => {
          await tx.query(
            `update public.newsletter_deliveries set next_attempt_at = now() where status = 'queued'`,
          )
          const batch = await tx.query<{ id: string }>(
            `select * from public.newsletter_claim_batch('w', 10, 60)`,
          )
          for (const d of batch.rows) {
            await tx.query(`select public.newsletter_begin_delivery($1, 'w', 60)`, [d.id])
            await tx.query(`select public.newsletter_finish_delivery($1, 'w', $2, $3, null, 2, 30)`, [
              d.id,
              ok,
              ok ? null : '550 mailbox unavailable',
            ])
          }
          return batch.rows.length
        }
        const first = await runOnce(false)
        const afterFirst = await tx.query(
          'select status, attempts, next_attempt_at > now() as later from public.newsletter_deliveries where newsletter_id = $1',
          [id],
        )
        const second = await runOnce(false)
        const third = await runOnce(false)
        const completed = await tx.query<{ n: number }>('select public.newsletter_complete_finished() as n')
        const final = await tx.query(
          `select d.status, d.attempts, d.error, n.status as issue
             from public.newsletter_deliveries d join public.newsletters n on n.id = d.newsletter_id
            where d.newsletter_id = $1`,
          [id],
        )
        return {
          first,
          afterFirst: afterFirst.rows,
          second,
          third,
          completed: completed.rows[0].n,
          final: final.rows,
        }
      })
      expect(r.first).toBe(2)
      expect(r.afterFirst).toEqual([
        { status: 'queued', attempts: 1, later: true },
        { status: 'queued', attempts: 1, later: true },
      ])
      expect(r.second).toBe(2)
      expect(r.third).toBe(0)
      expect(r.completed).toBeGreaterThanOrEqual(1)
      expect(r.final).toEqual([
        { status: 'failed', attempts: 2, error: '550 mailbox unavailable', issue: 'sent' },
        { status: 'failed', attempts: 2, error: '550 mailbox unavailable', issue: 'sent' },
      ])
    })

    it('an address that unsubscribed after the issue was queued is skipped', async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        await tx.query('select public.send_newsletter($1)', [id])
        await tx.query(
          `update public.newsletter_subscribers set status = 'unsubscribed' where email = 'johan.demo@example.com'`,
        )
        await as(SERVICE_ROLE)
        // A claim of one: whichever of the two comes first, the one that may be mailed is claimed
        // (a skipped row at the head of the queue does not leave the claim short).
        const first = await tx.query<{ email: string }>(
          `select * from public.newsletter_claim_batch('w', 1, 60)`,
        )
        const rest = await tx.query<{ email: string }>(
          `select * from public.newsletter_claim_batch('w', 10, 60)`,
        )
        const skipped = await tx.query(
          `select email, status, error from public.newsletter_deliveries where newsletter_id = $1 and status = 'skipped'`,
          [id],
        )
        return {
          first: first.rows.map((b) => b.email),
          rest: rest.rows.map((b) => b.email),
          skipped: skipped.rows,
        }
      })
      expect(r).toEqual({
        first: ['lerato.demo@example.com'],
        rest: [],
        skipped: [
          { email: 'johan.demo@example.com', status: 'skipped', error: 'Unsubscribed before it was sent' },
        ],
      })
    })

    it("one step records a message's outcome on its delivery and outbox row and begins the next with its outbox row", async () => {
      const r = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const id = await newDraft(tx)
        await tx.query('select public.send_newsletter($1)', [id])
        await as(SERVICE_ROLE)
        const batch = await tx.query<{ id: string; email: string }>(
          `select * from public.newsletter_claim_batch('w', 10, 60) order by email`,
        )
        const [one, two] = batch.rows
        const mail = (to: string) =>
          JSON.stringify({
            to_addresses: [to],
            from_address: 'Genesis Centre <news@genesis-centre.test>',
            reply_to: null,
            subject: 'November news',
            text_body: 'text',
            html_body: '<p>html</p>',
            category: 'newsletter',
            transport: 'smtp',
            status: 'pending',
          })
        const step = (args: unknown[]) =>
          tx.query<{ held: boolean; outbox_id: string | null }>(
            'select * from public.newsletter_delivery_step($1, $2, $3, $4, $5, $6, 1, 30, $7, 60, $8)',
            args,
          )
        const began = (await step([null, 'w', false, null, null, null, one.id, mail(one.email)])).rows[0]
        // The outbox is private: read back as the gateway's own role.
        await tx.query('reset role')
        const sending = await tx.query(
          `select d.status, d.outbox_id = $2 as linked, m.status as outbox, m.to_addresses
             from public.newsletter_deliveries d join private.mail_outbox m on m.id = d.outbox_id
            where d.id = $1`,
          [one.id, began.outbox_id],
        )
        await as(SERVICE_ROLE)
        // Another worker cannot begin it, nor finish it.
        const stolen = (await step([null, 'other', false, null, null, null, one.id, mail(one.email)])).rows[0]
        // The first went out; the second begins in the same statement; then the server refuses it.
        const next = (
          await step([one.id, 'w', true, null, began.outbox_id, '<m1@test>', two.id, mail(two.email)])
        ).rows[0]
        const last = (
          await step([two.id, 'w', false, '550 Mailbox unavailable', next.outbox_id, null, null, null])
        ).rows[0]
        await tx.query('reset role')
        const after = await tx.query(
          `select d.email, d.status, d.error, m.status as outbox, m.provider_message_id, m.error as outbox_error
             from public.newsletter_deliveries d join private.mail_outbox m on m.id = d.outbox_id
            where d.newsletter_id = $1 order by d.email`,
          [id],
        )
        return { began, sending: sending.rows, stolen, next: next.held, last, after: after.rows }
      })
      expect(r.began.held).toBe(true)
      expect(r.sending).toEqual([
        { status: 'sending', linked: true, outbox: 'pending', to_addresses: ['johan.demo@example.com'] },
      ])
      expect(r.stolen).toEqual({ held: false, outbox_id: null })
      expect(r.next).toBe(true)
      expect(r.last).toEqual({ held: false, outbox_id: null })
      expect(r.after).toEqual([
        {
          email: 'johan.demo@example.com',
          status: 'sent',
          error: null,
          outbox: 'sent',
          provider_message_id: '<m1@test>',
          outbox_error: null,
        },
        {
          email: 'lerato.demo@example.com',
          status: 'failed',
          error: '550 Mailbox unavailable',
          outbox: 'failed',
          provider_message_id: null,
          outbox_error: '550 Mailbox unavailable',
        },
      ])
    })
  })
})
