import { formatDay, formatPeriod, formatRand } from '@genesis/contracts/tenant-portal'
import { readCentreContacts } from '../database/read-centre-contacts.ts'
import { generateMissingStatementPdfs } from '../demo/statement-pdfs.ts'
import type { Deps } from '../deps.ts'
import { emailBrand } from '../mail/email-brand.ts'
import { renderEmail } from '../mail/render-email.ts'

/*
 * What happens once a statement is issued (issue 14), however it was issued (the back office,
 * supabase-js, SQL): the server generates its PDF when none was attached, and e-mails the tenant
 * through the mail module (outbox, then SMTP when configured). The work is queued in the rows
 * themselves (`file_path is null`, `notified_at is null`), so a restart or a crash loses nothing:
 * the worker runs at start, when the database announces work (NOTIFY statement_work, migration
 * 20261124400100) and every minute as a safety net. A mail is claimed (notified_at set) before it
 * is sent, so two gateways never mail the same statement; a delivery that fails is un-claimed and
 * retried on the next run.
 */

export const STATEMENT_WORK_CHANNEL = 'statement_work'

interface Announcement {
  kind: 'rental' | 'utility'
  id: string
  period: string
  due_date: string | null
  total: string
  company_name: string
  contact_name: string
  email: string
  shop_no: string | null
}

export interface StatementWorkResult {
  pdfs: number
  mailed: number
  failed: number
}

/** Mails every issued statement's tenant not yet told; returns how many were sent and failed. */
export async function announceIssuedStatements(deps: Deps): Promise<{ mailed: number; failed: number }> {
  const { rows } = await deps.db.query<Announcement>(
    `select l.kind, l.id, l.period::text as period, l.due_date::text as due_date, l.total::text as total,
       l.company_name, t.contact_name, l.tenant_email as email, l.shop_no
     from public.statement_list l
     join public.tenants t on t.id = l.tenant_id
     where l.status <> 'draft' and l.notified_at is null
     order by l.issued_at nulls last`,
  )
  if (rows.length === 0) return { mailed: 0, failed: 0 }
  const centre = await readCentreContacts(deps.db)
  const brand = emailBrand(centre, deps.config.siteUrl)
  let mailed = 0
  let failed = 0
  for (const s of rows) {
    const table = `public.${s.kind}_statements`
    const claimed = await deps.db.query(
      `update ${table} set notified_at = now() where id = $1 and notified_at is null returning id`,
      [s.id],
    )
    if (claimed.rows.length === 0) continue
    const what = `${s.kind} statement for ${formatPeriod(s.period)}`
    try {
      await deps.mailer.send({
        to: s.email,
        subject: `Your ${what} is ready`,
        category: 'statement-issued',
        ...renderEmail(
          {
            preheader: `${formatRand(Number(s.total))} due ${formatDay(s.due_date)}`,
            heading: `Your ${what} is ready`,
            paragraphs: [
              `Dear ${s.contact_name.trim() || s.company_name},`,
              `${centre.centre_name} has issued your ${what}. You can download it and upload your proof of payment in the tenant portal.`,
            ],
            details: [
              ['Tenant', s.company_name],
              ['Shop', s.shop_no ?? undefined],
              ['Amount due', formatRand(Number(s.total))],
              ['Due date', formatDay(s.due_date)],
            ],
            button: {
              label: 'View your statements',
              url: `${deps.config.siteUrl}/tenant/dashboard?tab=statements`,
            },
            footer: ['You receive this e-mail because you lease a shop at the centre.'],
          },
          brand,
        ),
      })
      mailed += 1
    } catch (error) {
      failed += 1
      deps.logger.warn(
        { err: error, statement: s.id, kind: s.kind },
        'statement mail not delivered: will retry',
      )
      await deps.db.query(`update ${table} set notified_at = null where id = $1`, [s.id])
    }
  }
  return { mailed, failed }
}

/** Generates the missing PDFs, then announces: one pass of the worker. */
export async function runStatementWork(deps: Deps): Promise<StatementWorkResult> {
  const pdfs = await generateMissingStatementPdfs(deps)
  const { mailed, failed } = await announceIssuedStatements(deps)
  return { pdfs, mailed, failed }
}

export interface StatementWorker {
  /** Runs a pass now (or right after the one under way) and resolves when it is done. */
  poke(): Promise<void>
  stop(): Promise<void>
}

/** Starts the worker: a pass now, on every announcement, and every `intervalMs`. */
export async function startStatementWorker(
  deps: Deps,
  options: { intervalMs?: number } = {},
): Promise<StatementWorker> {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const pass = async () => {
    try {
      const result = await runStatementWork(deps)
      if (result.pdfs + result.mailed + result.failed > 0)
        deps.logger.info(result, 'statements: issue work done')
    } catch (error) {
      deps.logger.error({ err: error }, 'statements: issue work failed')
    }
  }
  const poke = (): Promise<void> => {
    if (stopped) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = deps.background.track(
      (async () => {
        do {
          again = false
          await pass()
        } while (again && !stopped)
        running = null
      })(),
    )
    return running
  }

  const unlisten = await deps.db.listen(STATEMENT_WORK_CHANNEL, () => void poke(), {
    onLost: () => deps.logger.warn('statements: lost the work channel; the minute timer carries on'),
  })
  const timer = setInterval(() => void poke(), options.intervalMs ?? 60_000)
  timer.unref()
  void poke()

  return {
    poke,
    async stop() {
      stopped = true
      clearInterval(timer)
      await unlisten()
      await running
    },
  }
}
