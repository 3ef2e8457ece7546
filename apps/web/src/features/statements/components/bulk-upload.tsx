import { eachLimited, type StatementKind } from '@genesis/contracts/billing'
import { useQueryClient } from '@tanstack/react-query'
import { CircleAlertIcon, CircleCheckIcon, FileUpIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Progress } from '../../../components/ui/progress'
import { notify } from '../../../components/ui/toasts'
import { messageOf, STATEMENT_KIND_INFO } from '../api/admin-statements'
import { type BulkPlanItem, bulkTargets, planBulkUpload, uploadPlanned } from '../api/bulk-upload'

type Step =
  | { step: 'choose' }
  | { step: 'matching' }
  | { step: 'failed'; message: string }
  | { step: 'preview'; plan: BulkPlanItem[] }
  | { step: 'uploading' | 'done'; plan: BulkPlanItem[] }

type FileProgress = Record<number, { percent: number; error?: string; done?: boolean }>

const OUTCOME = {
  match: { label: 'Matches', variant: 'success' },
  replace: { label: 'Would replace the PDF', variant: 'warning' },
  'no-match': { label: 'No match', variant: 'danger' },
  invalid: { label: 'Not usable', variant: 'danger' },
} as const

/**
 * Bulk upload of statement PDFs (issue 14): choose or drop many files named like G01_2026-10.pdf,
 * see for each which statement it matches, which match nothing and which would replace a PDF —
 * nothing is written yet — then upload the matched ones with a progress bar per file and in
 * total. A file that fails is reported and the others carry on.
 */
export function BulkUpload({ kind, onClose }: { kind: StatementKind; onClose: () => void }) {
  const info = STATEMENT_KIND_INFO[kind]
  const [state, setState] = useState<Step>({ step: 'choose' })
  const [progress, setProgress] = useState<FileProgress>({})
  const [dragging, setDragging] = useState(false)
  const inputId = useId()
  const client = useQueryClient()

  async function choose(files: File[]) {
    if (files.length === 0) return
    setState({ step: 'matching' })
    try {
      const targets = await bulkTargets(kind, files)
      setState({ step: 'preview', plan: planBulkUpload(files, targets) })
    } catch (error) {
      setState({ step: 'failed', message: messageOf(error) })
    }
  }

  async function upload(plan: BulkPlanItem[]) {
    setState({ step: 'uploading', plan })
    const todo = plan.flatMap((item, index) =>
      item.outcome === 'match' || item.outcome === 'replace' ? [{ item, index }] : [],
    )
    setProgress(Object.fromEntries(todo.map(({ index }) => [index, { percent: 0 }])))
    let failed = 0
    await eachLimited(todo, 3, async ({ item, index }) => {
      if (item.outcome !== 'match' && item.outcome !== 'replace') return
      try {
        await uploadPlanned(kind, item.target, item.file, (percent) =>
          setProgress((p) => ({ ...p, [index]: { percent: Math.min(percent, 99) } })),
        )
        setProgress((p) => ({ ...p, [index]: { percent: 100, done: true } }))
      } catch (error) {
        failed += 1
        const message = messageOf(error)
        setProgress((p) => ({ ...p, [index]: { percent: 100, error: message } }))
        throw error
      }
    })
    setState({ step: 'done', plan })
    void client.invalidateQueries({ queryKey: ['admin', 'statements'] })
    const uploaded = todo.length - failed
    if (failed === 0) notify.success(`Uploaded ${uploaded} PDFs`)
    else notify.error(`Uploaded ${uploaded} PDFs; ${failed} failed`, { description: 'The list shows why.' })
  }

  const plan = 'plan' in state ? state.plan : []
  const usable = plan.filter((i) => i.outcome === 'match' || i.outcome === 'replace')
  const unmatched = plan.length - usable.length
  const entries = Object.values(progress)
  const overall =
    entries.length === 0 ? 0 : Math.round(entries.reduce((s, p) => s + p.percent, 0) / entries.length)
  const busy = state.step === 'uploading' || state.step === 'matching'

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent
        title={`Bulk upload ${info.singular} PDFs`}
        description="Name each file by shop number and month, e.g. G01_2026-10.pdf. Nothing is uploaded until you confirm."
        className="max-w-3xl"
      >
        {(state.step === 'choose' || state.step === 'failed') && (
          <div className="space-y-4">
            {state.step === 'failed' && (
              <Alert variant="error" title="We could not match the files.">
                {state.message}
              </Alert>
            )}
            <label
              htmlFor={inputId}
              onDragOver={(e) => {
                e.preventDefault()
                setDragging(true)
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={(e) => {
                e.preventDefault()
                setDragging(false)
                void choose([...e.dataTransfer.files])
              }}
              className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-8 text-center ${
                dragging ? 'border-brand-700 bg-brand-50' : 'border-stone-300 bg-stone-50'
              }`}
            >
              <FileUpIcon className="size-8 text-stone-600" aria-hidden="true" />
              <span className="font-semibold text-stone-900">Drop PDFs here or choose files</span>
              <span className="text-sm text-stone-700">PDF, at most 10 MB each</span>
            </label>
            <input
              id={inputId}
              type="file"
              multiple
              accept="application/pdf"
              className="sr-only"
              aria-label="Statement PDFs"
              onChange={(e) => void choose([...(e.target.files ?? [])])}
            />
          </div>
        )}
        {state.step === 'matching' && (
          <p role="status" className="text-sm text-stone-700">
            Matching the files with the statements…
          </p>
        )}
        {plan.length > 0 && (
          <div className="space-y-4">
            <p role="status" className="text-sm text-stone-800" data-testid="bulk-summary">
              {usable.length} of {plan.length} files match a statement
              {unmatched > 0
                ? `; ${unmatched} ${unmatched === 1 ? 'matches' : 'match'} nothing and will not be uploaded`
                : ''}
              .
            </p>
            {state.step !== 'preview' && (
              <div className="space-y-1">
                <p className="text-sm font-medium text-stone-900" id="bulk-overall">
                  {state.step === 'done' ? 'Finished' : 'Uploading'}: {overall} %
                </p>
                <Progress value={overall} aria-labelledby="bulk-overall" />
              </div>
            )}
            <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200" aria-label="Files">
              {plan.map((item, index) => {
                const p = progress[index]
                const outcome = OUTCOME[item.outcome]
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: two chosen files may share a name
                  <li key={`${item.file.name}-${index}`} className="space-y-1 p-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium break-all text-stone-900">{item.file.name}</span>
                      <Badge variant={outcome.variant}>{outcome.label}</Badge>
                    </div>
                    <p className="text-stone-700">{'target' in item ? item.label : item.reason}</p>
                    {p && (
                      <div className="flex items-center gap-2">
                        <Progress
                          value={p.percent}
                          className="flex-1"
                          aria-label={`Upload of ${item.file.name}`}
                        />
                        {p.error ? (
                          <span className="flex items-center gap-1 text-red-800">
                            <CircleAlertIcon className="size-4" aria-hidden="true" />
                            Failed: {p.error}
                          </span>
                        ) : p.done ? (
                          <span className="flex items-center gap-1 text-emerald-800">
                            <CircleCheckIcon className="size-4" aria-hidden="true" />
                            Uploaded
                          </span>
                        ) : (
                          <span className="tabular-nums">{p.percent} %</span>
                        )}
                      </div>
                    )}
                  </li>
                )
              })}
            </ul>
            <div className="flex flex-wrap justify-end gap-2">
              {state.step === 'preview' && (
                <>
                  <Button variant="outline" onClick={() => setState({ step: 'choose' })}>
                    Choose other files
                  </Button>
                  <Button disabled={usable.length === 0} onClick={() => void upload(plan)}>
                    Upload {usable.length} {usable.length === 1 ? 'file' : 'files'}
                  </Button>
                </>
              )}
              {state.step === 'done' && <Button onClick={onClose}>Done</Button>}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
