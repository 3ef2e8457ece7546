import { Worker } from 'node:worker_threads'
import { formatQuantity } from '@genesis/contracts/tenant-portal'
import type { Database } from '../database/types.ts'
import type { Deps } from '../deps.ts'
import { putObject } from '../services/storage/objects.ts'
import type { CentreForPdf, StatementForPdf } from './render-statement-pdf.ts'

export type { CentreForPdf, StatementForPdf }

/*
 * Statement PDFs for the demo content (issue 12): every issued demo statement gets a real PDF in
 * the private statements bucket, generated at seeding (pdfkit), so a newcomer's first download on
 * a fresh `npm start` works. Stored through putObject like any upload: rows and blobs in step.
 */

const num = (v: string | number | null) => (v === null ? 0 : Number(v))

/** The columns both statement queries read as they are in the PDF's statement. */
type StatementRowHead = Pick<
  StatementForPdf,
  | 'id'
  | 'tenant_id'
  | 'period'
  | 'statement_date'
  | 'due_date'
  | 'status'
  | 'company_name'
  | 'shop_no'
  | 'trading_name'
>

/** Every issued (not draft) statement still without a file, ready to render. */
async function statementsWithoutFile(db: Database): Promise<StatementForPdf[]> {
  const rental = await db.query<
    StatementRowHead & {
      amount_due: string
      amount_paid: string
      vat_amount: string
      vat_rate: string
      line_items: { description?: string; amount?: number | string }[]
    }
  >(
    `select s.id, s.tenant_id, s.period::text as period, s.statement_date::text as statement_date,
       s.due_date::text as due_date, s.status, s.amount_due, s.amount_paid, s.line_items, s.vat_amount, s.vat_rate,
       t.company_name, sh.shop_no, sh.trading_name
     from public.rental_statements s
     join public.tenants t on t.id = s.tenant_id
     left join public.shops sh on sh.id = t.shop_id
     where s.status <> 'draft' and s.file_path is null
     order by s.period`,
  )
  const utility = await db.query<
    StatementRowHead & {
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
    }
  >(
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

/**
 * Renders statements' PDFs in a worker thread (statement-pdf-thread.ts) until `close`. pdfkit and
 * its fonts take some 7 MB of V8 heap; loaded in the gateway's own thread they stayed there for
 * good after the first PDF (the demo seed renders them at first start), while a thread's whole
 * heap is given back when it ends (decision 042). Starting the thread costs a few hundred
 * milliseconds, paid only when there is something to render.
 */
function pdfThread() {
  // No inherited options: a preloaded script (`--import`) is for the gateway's own thread.
  const worker = new Worker(new URL('./statement-pdf-thread.ts', import.meta.url), { execArgv: [] })
  const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>()
  let next = 0
  /** Set once the thread has failed or ended: later statements fail at once instead of waiting. */
  let ended: Error | undefined
  const failAll = (error: Error) => {
    ended ??= error
    for (const job of pending.values()) job.reject(error)
    pending.clear()
  }
  worker.on('message', (answer: { id: number; bytes?: Uint8Array; error?: string }) => {
    const job = pending.get(answer.id)
    pending.delete(answer.id)
    if (answer.bytes) job?.resolve(answer.bytes)
    else job?.reject(new Error(answer.error ?? 'the PDF thread answered nothing'))
  })
  worker.on('error', failAll)
  worker.on('exit', (code) => failAll(new Error(`the PDF thread ended (exit code ${code})`)))
  return {
    render: (statement: StatementForPdf, centre: CentreForPdf) =>
      new Promise<Uint8Array>((resolve, reject) => {
        if (ended) return reject(ended)
        const id = next++
        pending.set(id, { resolve, reject })
        worker.postMessage({ id, statement, centre })
      }),
    close: () => worker.terminate(),
  }
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
  if (statements.length === 0) return 0
  const thread = pdfThread()
  let made = 0
  try {
    for (const s of statements) made += await storePdf(deps, thread, s, centre, onError)
  } finally {
    await thread.close()
  }
  return made
}

/** Renders and stores one statement's PDF; 1 when made, 0 when it failed (reported to `onError`). */
async function storePdf(
  deps: Deps,
  thread: ReturnType<typeof pdfThread>,
  s: StatementForPdf,
  centre: CentreForPdf,
  onError: (statement: StatementForPdf, error: unknown) => void,
): Promise<number> {
  try {
    const bytes = await thread.render(s, centre)
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
    return 1
  } catch (error) {
    onError(s, error)
    return 0
  }
}

/** The demo statements' PDFs at first start (issue 12). */
export const seedStatementPdfs = (deps: Deps) => generateMissingStatementPdfs(deps)
