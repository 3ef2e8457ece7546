import {
  parseStatementFileName,
  STATEMENT_PDF_MAX_BYTES,
  type StatementKind,
} from '@genesis/contracts/billing'
import { formatPeriod } from '@genesis/contracts/tenant-portal'
import { getSupabase } from '../../../lib/supabase-client'
import { uploadWithProgress } from '../../../lib/upload-with-progress'
import { STATEMENT_KIND_INFO, statementPdfPath } from './admin-statements'

/*
 * Bulk upload of statement PDFs named by shop number and month (`G01_2026-10.pdf`): first a plan
 * that says, for every file, which statement it matches, whether it would replace a PDF, or why it
 * matches nothing — before anything is written; then the upload of the matched files, each with
 * its own progress and outcome, one failure never stopping the others.
 */

export interface BulkTarget {
  id: string
  tenant_id: string
  company_name: string
  shop_no: string | null
  period: string
  file_path: string | null
}

export type BulkPlanItem =
  | { file: File; outcome: 'match' | 'replace'; target: BulkTarget; label: string }
  | { file: File; outcome: 'no-match' | 'invalid'; reason: string }

/** The plan for `files` against the statements of their months (pure: tested on its own). */
export function planBulkUpload(files: readonly File[], statements: readonly BulkTarget[]): BulkPlanItem[] {
  const taken = new Set<string>()
  return files.map((file): BulkPlanItem => {
    if (file.size > STATEMENT_PDF_MAX_BYTES) {
      return { file, outcome: 'invalid', reason: 'Larger than 10 MB: statements are at most 10 MB' }
    }
    if (file.type && file.type !== 'application/pdf') {
      return { file, outcome: 'invalid', reason: 'Not a PDF' }
    }
    const name = parseStatementFileName(file.name)
    if (!name.ok) return { file, outcome: 'invalid', reason: name.reason }
    const target = statements.find(
      (s) => s.shop_no?.toUpperCase() === name.shopNo && s.period.slice(0, 10) === name.period,
    )
    if (!target) {
      return {
        file,
        outcome: 'no-match',
        reason: `No statement for shop ${name.shopNo} in ${formatPeriod(name.period)}`,
      }
    }
    if (taken.has(target.id)) {
      return { file, outcome: 'no-match', reason: 'Another file in this batch is for the same statement' }
    }
    taken.add(target.id)
    const label = `${target.company_name} (shop ${target.shop_no}), ${formatPeriod(target.period)}`
    return { file, outcome: target.file_path ? 'replace' : 'match', target, label }
  })
}

/** The statements of the kind in the months the files are named for. */
export async function bulkTargets(kind: StatementKind, files: readonly File[]): Promise<BulkTarget[]> {
  const periods = [
    ...new Set(files.map((f) => parseStatementFileName(f.name)).flatMap((n) => (n.ok ? [n.period] : []))),
  ]
  if (periods.length === 0) return []
  const { data, error } = await getSupabase()
    .from('statement_list')
    .select('id, tenant_id, company_name, shop_no, period, file_path')
    .eq('kind', kind)
    .in('period', periods)
  if (error) throw error
  return data as BulkTarget[]
}

/** Uploads one planned file to its statement's path and records it on the statement. */
export async function uploadPlanned(
  kind: StatementKind,
  target: BulkTarget,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const path = statementPdfPath(kind, target.tenant_id, target.period)
  await uploadWithProgress({ bucket: 'statements', path, file, upsert: true, onProgress })
  const { error } = await getSupabase()
    .from(STATEMENT_KIND_INFO[kind].table)
    .update({ file_path: path })
    .eq('id', target.id)
  if (error) throw error
}
