import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs, inRolledBack } from './act-as.ts'
import { FIXTURES } from './matrix-cases.ts'
import { NOTICE_ALL_UNREAD, NOTICE_FOR_A, NOTICE_FOR_B, REQUEST_A, REQUEST_B } from './tenant-portal-cases.ts'

/**
 * The tenant portal's rules as a tenant or an admin meets them (issue 12; migration
 * 20261123300000): the matrix counts rows, these check what the rows say and the messages.
 */
const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId
const tenantA = asUser(DEMO.tenantA)
const tenantB = asUser(DEMO.tenantB, { aal: 'aal2' })
const admin = asUser(DEMO.admin, { aal: 'aal2' })

describe.each(drivers)('tenant portal rules on %s', (driver) => {
  let db: TestDatabase
  let issuedA: string
  let submittedA: string
  let paidA: string
  let issuedB: string
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await db.exec(FIXTURES)
    const statement = async (tenant: string, status: string) => {
      const { rows } = await db.query<{ id: string }>(
        'select id from public.rental_statements where tenant_id = $1 and status = $2 order by period limit 1',
        [tenant, status],
      )
      return rows[0].id
    }
    issuedA = await statement(A, 'issued')
    // The one the fixtures put a proof of payment against.
    submittedA = await statement(A, 'payment_submitted')
    paidA = await statement(A, 'paid')
    issuedB = await statement(B, 'issued')
  })
  afterAll(async () => {
    await db?.close()
  })

  describe('lease terms', () => {
    it('a tenant reads their escalation and notice period but cannot change them', async () => {
      const read = await actAs(
        db,
        tenantA,
        'select escalation_percent, notice_period_months from public.tenants',
      )
      expect(read).toMatchObject({
        ok: true,
        rows: [{ escalation_percent: '7.50', notice_period_months: 3 }],
      })
      const write = await actAs(db, tenantA, 'update public.tenants set escalation_percent = 0')
      expect(write).toMatchObject({ ok: true, affected: 0 })
      const byAdmin = await actAs(
        db,
        admin,
        'update public.tenants set escalation_percent = 6 where id = $1',
        [A],
      )
      expect(byAdmin).toMatchObject({ ok: true, affected: 1 })
    })

    it('refuses an escalation outside 0–100 %', async () => {
      const r = await actAs(db, admin, 'update public.tenants set escalation_percent = 120 where id = $1', [
        A,
      ])
      expect(r).toMatchObject({ ok: false, code: '23514' })
    })
  })

  describe('notices', () => {
    it("each tenant reads the notices to every shop and their own shop's, never another shop's", async () => {
      const ids = async (caller: typeof tenantA) => {
        const r = await actAs(db, caller, 'select id from public.notices order by published_at desc')
        return r.ok ? r.rows.map((row) => row.id) : r
      }
      expect(await ids(tenantA)).toContain(NOTICE_FOR_A)
      expect(await ids(tenantA)).not.toContain(NOTICE_FOR_B)
      expect(await ids(tenantB)).toContain(NOTICE_FOR_B)
      expect(await ids(tenantB)).not.toContain(NOTICE_FOR_A)
    })

    it('a notice published for later stays hidden from tenants until then', async () => {
      const seen = await inRolledBack(db, async (tx, as) => {
        await tx.query(
          `insert into public.notices (title, body, published_at) values ('Later', 'Not yet', now() + interval '1 day')`,
        )
        await as(tenantA)
        const { rows } = await tx.query(`select id from public.notices where title = 'Later'`)
        await as(admin)
        const byAdmin = await tx.query(`select id from public.notices where title = 'Later'`)
        return { tenant: rows.length, admin: byAdmin.rows.length }
      })
      expect(seen).toEqual({ tenant: 0, admin: 1 })
    })

    it('a tenant marks a notice as read once, and only one addressed to them', async () => {
      const mine = await actAs(
        db,
        tenantA,
        'insert into public.notice_receipts (notice_id) values ($1) returning tenant_id',
        [NOTICE_ALL_UNREAD],
      )
      expect(mine).toMatchObject({ ok: true, rows: [{ tenant_id: A }] })
      const notMine = await actAs(db, tenantA, 'insert into public.notice_receipts (notice_id) values ($1)', [
        NOTICE_FOR_B,
      ])
      expect(notMine).toMatchObject({ ok: false, code: '42501' })
      const forOther = await actAs(
        db,
        tenantA,
        'insert into public.notice_receipts (notice_id, tenant_id) values ($1, $2)',
        [NOTICE_ALL_UNREAD, B],
      )
      expect(forOther).toMatchObject({ ok: false, code: '42501' })
    })

    it('only admins publish notices', async () => {
      const r = await actAs(
        db,
        tenantA,
        `insert into public.notices (title, body) values ('Sale', 'Everything must go')`,
      )
      expect(r).toMatchObject({ ok: false, code: '42501' })
      const shops = await actAs(
        db,
        admin,
        `insert into public.notices (title, body, audience) values ('To whom?', 'Nobody', 'shops')`,
      )
      // 'shops' without any shop is refused by the table itself.
      expect(shops).toMatchObject({ ok: false, code: '23514' })
    })
  })

  describe('proofs of payment', () => {
    const upload = (caller: typeof tenantA, name: string) =>
      actAs(db, caller, `insert into storage.objects (bucket_id, name) values ('payment-proofs', $1)`, [name])

    it("a further proof against a statement already 'payment submitted' is taken and recorded", async () => {
      const seen = await inRolledBack(db, async (tx, as) => {
        await as(tenantA)
        await tx.query(`insert into storage.objects (bucket_id, name) values ('payment-proofs', $1)`, [
          `${A}/rental/${submittedA}/second.pdf`,
        ])
        const { rows } = await tx.query<{ object_path: string }>(
          'select object_path from public.payment_proofs where rental_statement_id = $1 order by object_path',
          [submittedA],
        )
        return rows.map((r) => r.object_path)
      })
      expect(seen).toEqual([`${A}/rental/${submittedA}/proof.pdf`, `${A}/rental/${submittedA}/second.pdf`])
    })

    it('an issued statement without a proof stays issued', async () => {
      const r = await actAs(db, tenantA, 'select status from public.rental_statements where id = $1', [
        issuedA,
      ])
      expect(r).toMatchObject({ ok: true, rows: [{ status: 'issued' }] })
    })

    it("tenant B's proof turns their issued statement to 'payment submitted' with the file, in one step", async () => {
      const seen = await inRolledBack(db, async (tx, as) => {
        await as(tenantB)
        const before = await tx.query<{ status: string }>(
          'select status from public.rental_statements where id = $1',
          [issuedB],
        )
        await tx.query(`insert into storage.objects (bucket_id, name) values ('payment-proofs', $1)`, [
          `${B}/rental/${issuedB}/proof.png`,
        ])
        const after = await tx.query<{ status: string }>(
          'select status from public.rental_statements where id = $1',
          [issuedB],
        )
        const proofs = await tx.query<{ object_path: string }>(
          'select object_path from public.payment_proofs where rental_statement_id = $1',
          [issuedB],
        )
        return { before: before.rows[0].status, after: after.rows[0].status, proofs: proofs.rows }
      })
      expect(seen).toEqual({
        before: 'issued',
        after: 'payment_submitted',
        proofs: [{ object_path: `${B}/rental/${issuedB}/proof.png` }],
      })
    })

    it('refuses a proof against a paid statement, with the reason', async () => {
      const r = await upload(tenantA, `${A}/rental/${paidA}/late.pdf`)
      expect(r).toMatchObject({
        ok: false,
        code: '42501',
        message: 'Proof of payment can only be added to an issued, unpaid statement',
      })
    })

    it("refuses a proof in another tenant's folder or against another tenant's statement", async () => {
      expect(await upload(tenantA, `${B}/rental/${issuedB}/forged.pdf`)).toMatchObject({
        ok: false,
        code: '42501',
      })
      expect(await upload(tenantA, `${A}/rental/${issuedB}/forged.pdf`)).toMatchObject({
        ok: false,
        code: '42501',
        message: 'No such statement for this tenant',
      })
    })

    it('refuses a proof outside the folder layout', async () => {
      expect(await upload(tenantA, `${A}/eft.pdf`)).toMatchObject({
        ok: false,
        code: '42501',
        message: 'A proof of payment goes under {tenant_id}/{rental|utility}/{statement_id}/{file}',
      })
    })

    it("tenant B cannot read tenant A's proof; the admin can", async () => {
      const b = await actAs(
        db,
        tenantB,
        `select name from storage.objects where bucket_id = 'payment-proofs'`,
      )
      expect(b).toMatchObject({ ok: true, rows: [] })
      const adm = await actAs(
        db,
        admin,
        `select name from storage.objects where bucket_id = 'payment-proofs'`,
      )
      expect(adm.ok && adm.rows.length).toBe(1)
    })

    it('a tenant cannot remove or replace a proof they uploaded', async () => {
      const del = await actAs(db, tenantA, `delete from storage.objects where bucket_id = 'payment-proofs'`)
      expect(del).toMatchObject({ ok: true, affected: 0 })
      const upd = await actAs(
        db,
        tenantA,
        `update storage.objects set metadata = '{}' where bucket_id = 'payment-proofs'`,
      )
      expect(upd).toMatchObject({ ok: true, affected: 0 })
    })

    it('a statement with a proof of payment cannot be deleted', async () => {
      // Admins delete only drafts (migration 20261124400000), issued ones with or without a proof.
      for (const id of [submittedA, issuedA]) {
        const byAdmin = await actAs(db, admin, 'delete from public.rental_statements where id = $1', [id])
        expect(byAdmin).toMatchObject({
          ok: false,
          code: '42501',
          message: 'Only a draft statement can be deleted',
        })
      }
      // Even the service role: the proof keeps the statement it pays (restrict_violation on
      // PostgreSQL 17, foreign_key_violation on 15).
      const r = await actAs(db, SERVICE_ROLE, 'delete from public.rental_statements where id = $1', [
        submittedA,
      ])
      expect(r.ok ? r : ['23001', '23503'].includes(r.code)).toBe(true)
      const without = await actAs(db, SERVICE_ROLE, 'delete from public.rental_statements where id = $1', [
        issuedA,
      ])
      expect(without).toMatchObject({ ok: true, affected: 1 })
    })
  })

  describe('maintenance requests', () => {
    it('a tenant logs a request for their own shop, received, with its first history entry', async () => {
      const r = await actAs(
        db,
        tenantA,
        `with r as (insert into public.maintenance_requests (category, description, urgency)
           values ('electrical', 'The sign above the entrance is dark.', 'urgent') returning id, tenant_id, status)
         select r.tenant_id, r.status from r`,
      )
      expect(r).toMatchObject({ ok: true, rows: [{ tenant_id: A, status: 'received' }] })
    })

    it('a tenant cannot log a request as already resolved, or for another shop', async () => {
      const resolved = await actAs(
        db,
        tenantA,
        `insert into public.maintenance_requests (category, description, status) values ('other', 'Already fixed myself', 'resolved')`,
      )
      expect(resolved).toMatchObject({ ok: false, code: '42501' })
      const otherShop = await actAs(
        db,
        tenantA,
        `insert into public.maintenance_requests (category, description, shop_id)
         values ('other', 'Their lights are off', (select id from public.shops where shop_no = 'M01'))`,
      )
      expect(otherShop).toMatchObject({ ok: false, code: '42501' })
    })

    it('refuses a description that says nothing', async () => {
      const r = await actAs(
        db,
        tenantA,
        `insert into public.maintenance_requests (category, description) values ('other', 'broken')`,
      )
      expect(r).toMatchObject({ ok: false, code: '23514' })
    })

    it("an admin's status change with a note lands in the history the tenant reads; the tenant cannot change it", async () => {
      const changed = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        await tx.query(
          `update public.maintenance_requests set status = 'in_progress', status_note = 'Plumber on site' where id = $1`,
          [REQUEST_A],
        )
        await as(tenantA)
        const { rows } = await tx.query<{ status: string; note: string | null; changed_by: string }>(
          `select status, note, changed_by from public.maintenance_request_events where request_id = $1
           order by array_position(array['received', 'scheduled', 'in_progress', 'resolved'], status)`,
          [REQUEST_A],
        )
        const mine = await tx.query(
          `update public.maintenance_requests set status = 'resolved' where id = $1`,
          [REQUEST_A],
        )
        return { rows, tenantUpdated: mine.affectedRows }
      })
      expect(changed.rows.map((r) => r.status)).toEqual(['received', 'scheduled', 'in_progress'])
      expect(changed.rows[2]).toMatchObject({ note: 'Plumber on site', changed_by: DEMO.admin.id })
      expect(changed.tenantUpdated).toBe(0)
    })

    it("tenant A sees neither tenant B's request nor its history, comments or photos", async () => {
      for (const sql of [
        'select id from public.maintenance_requests where id = $1',
        'select id from public.maintenance_request_events where request_id = $1',
        'select id from public.maintenance_comments where request_id = $1',
      ]) {
        expect(await actAs(db, tenantA, sql, [REQUEST_B]), sql).toMatchObject({ ok: true, rows: [] })
      }
      const photos = await actAs(
        db,
        tenantA,
        `select name from storage.objects where bucket_id = 'maintenance-photos'`,
      )
      expect(photos).toMatchObject({ ok: true, rows: [] })
    })

    it('a comment says who wrote it, whatever the client claims', async () => {
      const read = await actAs(
        db,
        tenantA,
        `with c as (insert into public.maintenance_comments (request_id, body, author_role, author_id) values ($1, 'Hi', 'admin', $2)
           returning author_role, author_id, tenant_id) select * from c`,
        [REQUEST_A, DEMO.admin.id],
      )
      expect(read).toMatchObject({
        ok: true,
        rows: [{ author_role: 'tenant', author_id: DEMO.tenantA.id, tenant_id: A }],
      })
      const byAdmin = await actAs(
        db,
        admin,
        `with c as (insert into public.maintenance_comments (request_id, body) values ($1, 'On our way')
           returning author_role) select * from c`,
        [REQUEST_A],
      )
      expect(byAdmin).toMatchObject({ ok: true, rows: [{ author_role: 'admin' }] })
      const onB = await actAs(
        db,
        tenantA,
        `insert into public.maintenance_comments (request_id, body) values ($1, 'Hi')`,
        [REQUEST_B],
      )
      expect(onB).toMatchObject({ ok: false, code: '42501' })
    })

    it('takes at most 5 photos per request, each in the tenant’s own request folder', async () => {
      const sixth = await inRolledBack(db, async (tx, as) => {
        await as(tenantA)
        for (let i = 1; i <= 5; i++) {
          await tx.query(`insert into storage.objects (bucket_id, name) values ('maintenance-photos', $1)`, [
            `${A}/${REQUEST_A}/photo-${i}.jpg`,
          ])
        }
        return tx
          .query(`insert into storage.objects (bucket_id, name) values ('maintenance-photos', $1)`, [
            `${A}/${REQUEST_A}/photo-6.jpg`,
          ])
          .then(
            () => 'stored',
            (error: { message: string }) => error.message,
          )
      })
      expect(sixth).toBe('A maintenance request can have at most 5 photos')
      const elsewhere = await actAs(
        db,
        tenantA,
        `insert into storage.objects (bucket_id, name) values ('maintenance-photos', $1)`,
        [`${A}/${REQUEST_B}/x.jpg`],
      )
      expect(elsewhere).toMatchObject({ ok: false, message: 'No such maintenance request for this tenant' })
    })
  })
})
