import { formatDay, formatPeriod, formatQuantity, formatRand } from '@genesis/contracts/tenant-portal'
import PDFDocument from 'pdfkit'

/*
 * One statement's PDF (issue 12). Run in a worker thread (statement-pdf-thread.ts, started by
 * statement-pdfs.ts): pdfkit and its fonts take some 7 MB of V8 heap, which stayed in the gateway
 * for good after the demo seed rendered the first PDFs; a thread's heap is given back when it ends
 * (decision 042).
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
