import { formatDay, formatPeriod, formatQuantity, formatRand } from '@genesis/contracts/tenant-portal'
import PDFDocument from 'pdfkit'
import type { Database } from '../database/types.ts'
import type { Deps } from '../deps.ts'
import { putObject } from '../services/storage/objects.ts'

/*
 * Statement PDFs for the demo content (issue 12): every issued demo statement gets a real PDF in
 * the private statements bucket, generated at seeding (pdfkit), so a newcomer's first download on
 * a fresh `npm start` works. Stored through putObject like any upload: rows and blobs in step.
 */

export interface StatementForPdf {
  kind: 'rental' | 'utility'
  id: string
  tenant_id: string
  period: string
  statement_date: string
  due_date: string | null
  status: string
  company_name: string
  shop_no: string | null
  trading_name: string | null
  /** Rental: the lines; utility: electricity, water and other charges with their readings. */
  lines: { description: string; detail?: string; amount: number }[]
  /** VAT at vat_rate on the lines (included in total). */
  vat_amount: number
  vat_rate: number
  total: number
  amount_paid: number
}

export interface CentreForPdf {
  centre_name: string
  address_line: string
  suburb: string
  city: string
  phone: string
  management_email: string
}

/** Renders one statement as an A4 PDF. */
export function renderStatementPdf(s: StatementForPdf, centre: CentreForPdf): Promise<Uint8Array> {
  const title = `${s.kind === 'rental' ? 'Rental' : 'Utility'} statement — ${formatPeriod(s.period)}`
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: title,
      Author: centre.centre_name,
      Subject: `${s.company_name}, shop ${s.shop_no ?? '—'}`,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on('error', reject)
  })

  doc.font('Helvetica-Bold').fontSize(18).text(centre.centre_name)
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#57534e')
    .text([centre.address_line, centre.suburb, centre.city].filter(Boolean).join(', '))
    .text(`${centre.phone} · ${centre.management_email}`)
  doc.moveDown(1.5).fillColor('#1c1917').font('Helvetica-Bold').fontSize(14).text(title)
  doc.moveDown(0.5).font('Helvetica').fontSize(10)
  doc.text(`Tenant: ${s.company_name}`)
  if (s.shop_no) doc.text(`Shop: ${s.shop_no}${s.trading_name ? ` (${s.trading_name})` : ''}`)
  doc.text(`Statement date: ${formatDay(s.statement_date)}`)
  doc.text(`Due date: ${formatDay(s.due_date)}`)
  doc.moveDown()

  const left = doc.page.margins.left
  const right = doc.page.width - doc.page.margins.right
  const amountWidth = 110
  const row = (label: string, amount: string, options: { bold?: boolean; detail?: string } = {}) => {
    const y = doc.y
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
    doc.text(label, left, y, { width: right - left - amountWidth - 10 })
    const afterLabel = doc.y
    doc.text(amount, right - amountWidth, y, { width: amountWidth, align: 'right' })
    doc.y = Math.max(afterLabel, doc.y)
    if (options.detail) {
      doc.font('Helvetica').fontSize(8).fillColor('#57534e').text(options.detail, left, doc.y)
      doc.fillColor('#1c1917')
    }
    doc.moveDown(0.4)
  }
  doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#d6d3d1').stroke().moveDown(0.5)
  for (const line of s.lines) row(line.description, formatRand(line.amount), { detail: line.detail })
  doc.moveTo(left, doc.y).lineTo(right, doc.y).stroke().moveDown(0.5)
  row('Subtotal (excl. VAT)', formatRand(s.total - s.vat_amount))
  row(`VAT (${formatQuantity(s.vat_rate * 100)} %)`, formatRand(s.vat_amount))
  row('Total', formatRand(s.total), { bold: true })
  row('Paid', formatRand(s.amount_paid))
  row('Balance', formatRand(Math.max(0, s.total - s.amount_paid)), { bold: true })
  doc.moveDown(2).font('Helvetica').fontSize(8).fillColor('#57534e')
  doc.text(
    'Please pay by EFT using your shop number as the reference, then upload the proof of payment in the tenant portal.',
    left,
    doc.y,
    { width: right - left },
  )
  doc.end()
  return done
}

const num = (v: string | number | null) => (v === null ? 0 : Number(v))

/** Every issued (not draft) statement still without a file, ready to render. */
async function statementsWithoutFile(db: Database): Promise<StatementForPdf[]> {
  const rental = await db.query<{
    id: string
    tenant_id: string
    period: string
    statement_date: string
    due_date: string | null
    status: string
    amount_due: string
    amount_paid: string
    vat_amount: string
    vat_rate: string
    line_items: { description?: string; amount?: number | string }[]
    company_name: string
    shop_no: string | null
    trading_name: string | null
  }>(
    `select s.id, s.tenant_id, s.period::text as period, s.statement_date::text as statement_date,
       s.due_date::text as due_date, s.status, s.amount_due, s.amount_paid, s.line_items, s.vat_amount, s.vat_rate,
       t.company_name, sh.shop_no, sh.trading_name
     from public.rental_statements s
     join public.tenants t on t.id = s.tenant_id
     left join public.shops sh on sh.id = t.shop_id
     where s.status <> 'draft' and s.file_path is null
     order by s.period`,
  )
  const utility = await db.query<{
    id: string
    tenant_id: string
    period: string
    statement_date: string
    due_date: string | null
    status: string
    electricity_meter_previous: string | null
    electricity_meter_current: string | null
    electricity_kwh: string
    electricity_amount: string
    water_meter_previous: string | null
    water_meter_current: string | null
    water_kl: string
    water_amount: string
    other_amount: string
    total_amount: string
    amount_paid: string
    vat_amount: string
    vat_rate: string
    company_name: string
    shop_no: string | null
    trading_name: string | null
  }>(
    `select s.id, s.tenant_id, s.period::text as period, s.statement_date::text as statement_date,
       s.due_date::text as due_date, s.status,
       s.electricity_meter_previous, s.electricity_meter_current, s.electricity_kwh, s.electricity_amount,
       s.water_meter_previous, s.water_meter_current, s.water_kl, s.water_amount,
       s.other_amount, s.total_amount, s.amount_paid, s.vat_amount, s.vat_rate, t.company_name, sh.shop_no, sh.trading_name
     from public.utility_statements s
     join public.tenants t on t.id = s.tenant_id
     left join public.shops sh on sh.id = t.shop_id
     where s.status <> 'draft' and s.file_path is null
     order by s.period`,
  )
  const readings = (prev: string | null, cur: string | null, unit: string, used: string) =>
    `Meter ${formatQuantity(num(prev))} → ${formatQuantity(num(cur))}: ${formatQuantity(num(used), unit)}`
  return [
    ...rental.rows.map(
      (r): StatementForPdf => ({
        kind: 'rental',
        ...r,
        lines: (Array.isArray(r.line_items) ? r.line_items : []).map((l) => ({
          description: String(l.description ?? ''),
          amount: num(l.amount ?? 0),
        })),
        vat_amount: num(r.vat_amount),
        vat_rate: num(r.vat_rate),
        total: num(r.amount_due),
        amount_paid: num(r.amount_paid),
      }),
    ),
    ...utility.rows.map(
      (u): StatementForPdf => ({
        kind: 'utility',
        ...u,
        lines: [
          {
            description: 'Electricity',
            detail: readings(
              u.electricity_meter_previous,
              u.electricity_meter_current,
              'kWh',
              u.electricity_kwh,
            ),
            amount: num(u.electricity_amount),
          },
          {
            description: 'Water',
            detail: readings(u.water_meter_previous, u.water_meter_current, 'kl', u.water_kl),
            amount: num(u.water_amount),
          },
          { description: 'Other charges', amount: num(u.other_amount) },
        ],
        vat_amount: num(u.vat_amount),
        vat_rate: num(u.vat_rate),
        total: num(u.total_amount),
        amount_paid: num(u.amount_paid),
      }),
    ),
  ]
}

/** Where a statement's PDF lives in the statements bucket (under the tenant's folder, as RLS requires). */
export const statementPdfPath = (s: Pick<StatementForPdf, 'kind' | 'tenant_id' | 'period'>) =>
  `${s.tenant_id}/${s.kind}/${s.period.slice(0, 7)}.pdf`

/**
 * Generates and stores the PDF of every issued statement that has none, and records its path on
 * the statement (marked as generated). One statement that fails is logged and skipped; the others
 * are still made. Returns how many were made. The demo seed and the statement worker
 * (statements/statement-worker.ts) both call it.
 */
export async function generateMissingStatementPdfs(
  deps: Deps,
  onError: (statement: StatementForPdf, error: unknown) => void = (s, error) =>
    deps.logger.warn({ err: error, statement: s.id, kind: s.kind }, 'statement PDF could not be generated'),
): Promise<number> {
  const { rows: centres } = await deps.db.query<CentreForPdf>(
    'select centre_name, address_line, suburb, city, phone, management_email from public.centre_settings limit 1',
  )
  const centre = centres[0]
  if (!centre) return 0
  const statements = await statementsWithoutFile(deps.db)
  let made = 0
  for (const s of statements) {
    try {
      const bytes = await renderStatementPdf(s, centre)
      const name = statementPdfPath(s)
      await putObject(deps, {
        bucketId: 'statements',
        name,
        bytes,
        contentType: 'application/pdf',
        upsert: true,
      })
      // Only if nobody attached a file meanwhile.
      await deps.db.query(
        `update public.${s.kind}_statements set file_path = $1, file_generated = true where id = $2 and file_path is null`,
        [name, s.id],
      )
      made += 1
    } catch (error) {
      onError(s, error)
    }
  }
  return made
}

/** The demo statements' PDFs at first start (issue 12). */
export const seedStatementPdfs = (deps: Deps) => generateMissingStatementPdfs(deps)
