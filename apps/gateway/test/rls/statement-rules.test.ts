import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANON, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'
import { actAs, inRolledBack } from './act-as.ts'
import { FIXTURES, RENTAL_THIS_MONTH_A } from './matrix-cases.ts'

/**
 * Billing as an admin and a tenant meet it (issue 14; migration 20261124400000): totals and VAT
 * computed by the database, the statement life cycle, payments, overdue, and which statement PDFs a
 * tenant may read. Every rule acts as the user, with the allowed and the refused case.
 */
const A = DEMO.tenantA.tenantId
const B = DEMO.tenantB.tenantId
const tenantA = asUser(DEMO.tenantA)
const tenantB = asUser(DEMO.tenantB, { aal: 'aal2' })
const admin = asUser(DEMO.admin, { aal: 'aal2' })
const adminWithoutCode = asUser(DEMO.admin)

const LINES = JSON.stringify([
  { description: 'Basic rental', amount: 10000 },
  { description: 'Operating costs', amount: 1200 },
])

/** Inserts a rental draft for tenant A as the admin (rolled back with the rest). */
const insertRentalDraft = `insert into public.rental_statements (tenant_id, period, due_date, line_items, amount_due)
  values ($1, '2031-03-01', '2031-03-07', $2::jsonb, 1) returning id, subtotal, vat_amount, amount_due, status`

describe.each(drivers)('statement rules on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver, { seed: true })
    await db.exec(FIXTURES)
  })
  afterAll(async () => {
    await db?.close()
  })

  describe('totals and VAT', () => {
    it('a rental statement totals its line items plus 15 % VAT, whatever total the caller sends', async () => {
      const r = await actAs(db, admin, insertRentalDraft, [A, LINES])
      expect(r).toMatchObject({
        ok: true,
        rows: [{ subtotal: '11200.00', vat_amount: '1680.00', amount_due: '12880.00', status: 'draft' }],
      })
    })

    it('a lump sum without lines is taken as VAT-inclusive and shows the VAT in it', async () => {
      const r = await actAs(
        db,
        admin,
        `insert into public.rental_statements (tenant_id, period, amount_due) values ($1, '2031-04-01', 1150)
         returning subtotal, vat_amount, amount_due`,
        [A],
      )
      expect(r).toMatchObject({
        ok: true,
        rows: [{ subtotal: '1000.00', vat_amount: '150.00', amount_due: '1150.00' }],
      })
    })

    it.each([
      [
        'a line without a description',
        [{ description: ' ', amount: 5 }],
        'Each line item needs a description',
      ],
      [
        'a line whose amount is text',
        [{ description: 'Rent', amount: '5' }],
        'Each line item needs an amount in rand',
      ],
      ['a line that is not an object', ['Rent'], 'Each line item needs a description'],
    ])('refuses %s with a clear message and keeps nothing', async (_what, lines, message) => {
      const r = await actAs(db, admin, insertRentalDraft, [A, JSON.stringify(lines)])
      expect(r).toMatchObject({ ok: false, code: '22023', message: expect.stringContaining(message) })
      const { rows } = await db.query(`select 1 from public.rental_statements where period = '2031-03-01'`)
      expect(rows).toEqual([])
    })

    it('a utility statement computes consumption from the readings, amounts from the tariffs, then VAT', async () => {
      const r = await actAs(
        db,
        admin,
        `insert into public.utility_statements (tenant_id, period, electricity_meter_previous, electricity_meter_current,
           electricity_rate, electricity_kwh, water_meter_previous, water_meter_current, water_rate, line_items)
         values ($1, '2031-03-01', 1000, 1450, 3.5, 99999, 100, 112, 40, '[{"description":"Refuse removal","amount":150}]')
         returning electricity_kwh, electricity_amount, water_kl, water_amount, other_amount, subtotal, vat_amount, total_amount`,
        [B],
      )
      expect(r).toMatchObject({
        ok: true,
        rows: [
          {
            electricity_kwh: '450.00',
            electricity_amount: '1575.00',
            water_kl: '12.00',
            water_amount: '480.00',
            other_amount: '150.00',
            subtotal: '2205.00',
            vat_amount: '330.75',
            total_amount: '2535.75',
          },
        ],
      })
    })

    it('refuses a meter that runs backwards', async () => {
      const r = await actAs(
        db,
        admin,
        `insert into public.utility_statements (tenant_id, period, electricity_meter_previous, electricity_meter_current)
         values ($1, '2031-03-01', 1450, 1000)`,
        [B],
      )
      expect(r).toMatchObject({ ok: false, code: '23514' })
    })
  })

  describe('life cycle', () => {
    it('a tenant never sees a draft, and sees it once the admin issues it', async () => {
      const seen = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const { rows } = await tx.query<{ id: string }>(insertRentalDraft, [A, LINES])
        const id = rows[0].id
        await as(tenantA)
        const asDraft = await tx.query('select id from public.rental_statements where id = $1', [id])
        await as(admin)
        await tx.query(`update public.rental_statements set status = 'issued' where id = $1`, [id])
        await as(tenantA)
        const issued = await tx.query<{ status: string }>(
          'select status from public.rental_statements where id = $1',
          [id],
        )
        await as(tenantB)
        const other = await tx.query('select id from public.rental_statements where id = $1', [id])
        return { draft: asDraft.rows.length, issued: issued.rows, other: other.rows.length }
      })
      expect(seen).toEqual({ draft: 0, issued: [{ status: 'issued' }], other: 0 })
    })

    it('issuing needs a due date and a total above zero', async () => {
      const noDue = await actAs(
        db,
        admin,
        `insert into public.rental_statements (tenant_id, period, amount_due, status) values ($1, '2031-03-01', 100, 'issued')`,
        [A],
      )
      expect(noDue).toMatchObject({
        ok: false,
        code: '23514',
        message: 'A statement needs a due date before it is issued',
      })
      const empty = await actAs(
        db,
        admin,
        `insert into public.rental_statements (tenant_id, period, due_date, status) values ($1, '2031-03-01', '2031-03-07', 'issued')`,
        [A],
      )
      expect(empty).toMatchObject({
        ok: false,
        message: 'A statement needs a total above zero before it is issued',
      })
    })

    it('an issued statement keeps its content and never returns to draft; its due date may move', async () => {
      const amount = await actAs(
        db,
        admin,
        `update public.rental_statements set line_items = '[]' where id = $1`,
        [RENTAL_THIS_MONTH_A],
      )
      expect(amount).toMatchObject({
        ok: false,
        code: '42501',
        message: 'An issued statement cannot be changed: only its due date, status and PDF',
      })
      const draft = await actAs(
        db,
        admin,
        `update public.rental_statements set status = 'draft' where id = $1`,
        [RENTAL_THIS_MONTH_A],
      )
      expect(draft).toMatchObject({ ok: false, message: 'An issued statement cannot return to draft' })
      const due = await actAs(
        db,
        admin,
        `update public.rental_statements set due_date = due_date + 7 where id = $1 returning status`,
        [RENTAL_THIS_MONTH_A],
      )
      expect(due).toMatchObject({ ok: true, rows: [{ status: 'issued' }] })
    })

    it('only a draft is deleted', async () => {
      const seen = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const { rows } = await tx.query<{ id: string }>(insertRentalDraft, [A, LINES])
        const gone = await tx.query('delete from public.rental_statements where id = $1', [rows[0].id])
        return gone.affectedRows
      })
      expect(seen).toBe(1)
      const issued = await actAs(db, admin, 'delete from public.rental_statements where id = $1', [
        RENTAL_THIS_MONTH_A,
      ])
      expect(issued).toMatchObject({
        ok: false,
        code: '42501',
        message: 'Only a draft statement can be deleted',
      })
    })

    it('a tenant cannot issue, pay or otherwise change their statement', async () => {
      const r = await actAs(
        db,
        tenantA,
        `update public.rental_statements set status = 'paid' where id = $1`,
        [RENTAL_THIS_MONTH_A],
      )
      expect(r).toMatchObject({ ok: true, affected: 0 })
    })

    it("'paid' is reached by recording payments, not by setting it", async () => {
      const r = await actAs(db, admin, `update public.rental_statements set status = 'paid' where id = $1`, [
        RENTAL_THIS_MONTH_A,
      ])
      expect(r).toMatchObject({
        ok: false,
        message: 'A statement is paid once its payments cover the total: record a payment',
      })
    })
  })

  describe('payments', () => {
    const pay = `insert into public.statement_payments (statement_kind, rental_statement_id, amount, paid_on, reference)
      values ('rental', $1, $2, current_date, 'EFT G01') returning tenant_id, recorded_by`
    const statement = `select status, amount_paid, amount_due from public.rental_statements where id = $1`

    it('a part payment raises amount_paid; the payment that covers the balance makes it paid', async () => {
      const seen = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const due = (await tx.query<{ amount_due: string }>(statement, [RENTAL_THIS_MONTH_A])).rows[0]
          .amount_due
        const first = await tx.query(pay, [RENTAL_THIS_MONTH_A, 1000])
        const afterFirst = (await tx.query(statement, [RENTAL_THIS_MONTH_A])).rows[0]
        await tx.query(pay, [RENTAL_THIS_MONTH_A, Number(due) - 1000])
        const afterSecond = (await tx.query(statement, [RENTAL_THIS_MONTH_A])).rows[0]
        await as(tenantA)
        const mine = await tx.query(
          'select amount from public.statement_payments where rental_statement_id = $1',
          [RENTAL_THIS_MONTH_A],
        )
        await as(tenantB)
        const theirs = await tx.query(
          'select amount from public.statement_payments where rental_statement_id = $1',
          [RENTAL_THIS_MONTH_A],
        )
        return {
          first: first.rows[0],
          afterFirst,
          afterSecond,
          due,
          mine: mine.rows.length,
          theirs: theirs.rows.length,
        }
      })
      expect(seen.first).toEqual({ tenant_id: A, recorded_by: DEMO.admin.id })
      expect(seen.afterFirst).toMatchObject({ status: 'issued', amount_paid: '1000.00' })
      expect(seen.afterSecond).toMatchObject({ status: 'paid', amount_paid: seen.due })
      expect({ mine: seen.mine, theirs: seen.theirs }).toEqual({ mine: 2, theirs: 0 })
    })

    it('refuses a payment above the balance, and on a draft, and changes nothing', async () => {
      const over = await actAs(db, admin, pay, [RENTAL_THIS_MONTH_A, 99999999])
      expect(over).toMatchObject({
        ok: false,
        code: '23514',
        message: expect.stringMatching(/^The payment is more than the balance of R \d+\.\d\d$/),
      })
      const onDraft = await inRolledBack(db, async (tx, as) => {
        await as(admin)
        const { rows } = await tx.query<{ id: string }>(insertRentalDraft, [A, LINES])
        await tx.query('savepoint p')
        try {
          await tx.query(pay, [rows[0].id, 10])
          return 'recorded'
        } catch (error) {
          return (error as Error).message
        }
      })
      expect(onDraft).toBe('A payment can only be recorded against an issued statement')
      const { rows } = await db.query<{ amount_paid: string }>(
        'select amount_paid from public.rental_statements where id = $1',
        [RENTAL_THIS_MONTH_A],
      )
      expect(rows).toEqual([{ amount_paid: '0.00' }])
    })

    it('only an admin with the second factor records a payment, never a tenant', async () => {
      for (const caller of [tenantA, adminWithoutCode]) {
        const r = await actAs(db, caller, pay, [RENTAL_THIS_MONTH_A, 10])
        expect(r).toMatchObject({ ok: false, code: '42501' })
      }
      expect(await actAs(db, admin, pay, [RENTAL_THIS_MONTH_A, 10])).toMatchObject({ ok: true })
    })

    it('a payment cannot be changed or removed, by the service role either', async () => {
      for (const caller of [admin, SERVICE_ROLE]) {
        expect(await actAs(db, caller, 'update public.statement_payments set amount = 1')).toMatchObject({
          ok: false,
          code: '42501',
        })
        expect(await actAs(db, caller, 'delete from public.statement_payments')).toMatchObject({
          ok: false,
          code: '42501',
        })
      }
    })
  })

  describe('overdue', () => {
    it('marks issued statements past their due date overdue, as an admin; a tenant changes nothing', async () => {
      const byTenant = await inRolledBack(db, async (tx, as) => {
        await tx.query(`update public.rental_statements set due_date = current_date - 45 where id = $1`, [
          RENTAL_THIS_MONTH_A,
        ])
        await as(tenantA)
        const { rows } = await tx.query<{ n: number }>('select public.mark_overdue_statements() as n')
        return rows[0].n
      })
      expect(byTenant).toBe(0)
      const byAdmin = await inRolledBack(db, async (tx, as) => {
        await tx.query(`update public.rental_statements set due_date = current_date - 45 where id = $1`, [
          RENTAL_THIS_MONTH_A,
        ])
        await as(admin)
        await tx.query('select public.mark_overdue_statements()')
        const { rows } = await tx.query('select status from public.rental_statements where id = $1', [
          RENTAL_THIS_MONTH_A,
        ])
        return rows
      })
      expect(byAdmin).toEqual([{ status: 'overdue' }])
    })

    it('refuses overdue before the due date has passed', async () => {
      const r = await actAs(
        db,
        admin,
        `update public.rental_statements set due_date = current_date + 3, status = 'overdue' where id = $1`,
        [RENTAL_THIS_MONTH_A],
      )
      expect(r).toMatchObject({ ok: false, message: 'A statement is overdue only after its due date' })
    })
  })

  describe('statement PDFs', () => {
    it("a tenant reads their own statement files but not a draft's PDF, until it is issued", async () => {
      const draftPdf = `${A}/rental/2031-03.pdf`
      const seen = await inRolledBack(db, async (tx, as) => {
        await tx.query(`insert into storage.objects (bucket_id, name) values ('statements', $1)`, [draftPdf])
        const { rows } = await tx.query<{ id: string }>(
          `insert into public.rental_statements (tenant_id, period, due_date, amount_due, file_path)
           values ($1, '2031-03-01', '2031-03-07', 100, $2) returning id`,
          [A, draftPdf],
        )
        const names = async () =>
          (
            await tx.query<{ name: string }>(
              `select name from storage.objects where bucket_id = 'statements' and name like $1 order by name`,
              [`${A}/%`],
            )
          ).rows.map((r) => r.name)
        await as(tenantA)
        const whileDraft = await names()
        await as(tenantB)
        const byOther = await names()
        await as(admin)
        const byAdmin = await names()
        await tx.query(`update public.rental_statements set status = 'issued' where id = $1`, [rows[0].id])
        await as(tenantA)
        const onceIssued = await names()
        return { whileDraft, byOther, byAdmin, onceIssued }
      })
      expect(seen.whileDraft).toEqual([`${A}/2026-10.pdf`])
      expect(seen.byOther).toEqual([])
      expect(seen.byAdmin).toEqual([`${A}/2026-10.pdf`, draftPdf])
      expect(seen.onceIssued).toEqual([`${A}/2026-10.pdf`, draftPdf])
    })
  })
  describe('the back office views', () => {
    it('statement_list shows a tenant only their own issued statements, an admin all, a visitor nothing', async () => {
      const kinds = async (caller: Parameters<typeof actAs>[1]) => {
        const r = await actAs(db, caller, 'select tenant_id, status from public.statement_list')
        return r.ok ? r.rows : r
      }
      const mine = (await kinds(tenantA)) as { tenant_id: string; status: string }[]
      expect(mine.length).toBeGreaterThan(0)
      expect(mine.every((r) => r.tenant_id === A && r.status !== 'draft')).toBe(true)
      const all = (await kinds(admin)) as { tenant_id: string; status: string }[]
      expect(new Set(all.map((r) => r.tenant_id))).toEqual(new Set([A, B]))
      expect(all.some((r) => r.status === 'draft')).toBe(true)
      expect(await actAs(db, ANON, 'select * from public.statement_list')).toMatchObject({
        ok: false,
        code: '42501',
      })
    })

    it('the arrears ageing shows a tenant only their own line', async () => {
      const r = await actAs(db, tenantB, 'select tenant_id from public.statement_arrears')
      expect(r.ok && r.rows.every((row) => row.tenant_id === B)).toBe(true)
      const byAdmin = await actAs(db, admin, 'select tenant_id from public.statement_arrears')
      expect(byAdmin.ok && byAdmin.rows.length).toBeGreaterThanOrEqual(1)
    })
  })
})
