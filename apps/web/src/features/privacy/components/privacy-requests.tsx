import { DownloadIcon, SearchIcon, Trash2Icon } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Button } from '../../../components/ui/button'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { paths } from '../../../config/paths'
import {
  countRecords,
  type ErasureSummary,
  type PersonRecords,
  personRecordsCsv,
  personRecordsJson,
  RECORD_KINDS,
  useErasePerson,
  usePersonRecords,
} from '../api/person-records'

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })

/** The database's refusal as the admin should read it. */
function problem(error: unknown): string {
  const e = error as { code?: string; message?: string }
  if (e?.code === '22023' || e?.code === 'P0002') return e.message ?? 'That request could not be handled.'
  if (e?.code === '42501') return 'Only an administrator who signed in with their second factor can do this.'
  return 'The records could not be loaded. Check the connection and try again.'
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** A record's headline: the first of these fields it has. */
function headline(row: Record<string, unknown>): string {
  for (const key of [
    'name',
    'company_name',
    'email',
    'category',
    'body',
    'message',
    'table',
    'kind',
    'name',
  ]) {
    const v = row[key]
    if (typeof v === 'string' && v) return v.length > 80 ? `${v.slice(0, 80)}…` : v
  }
  return String(row.id ?? '—')
}

function dated(row: Record<string, unknown>): string | undefined {
  const v = row.created_at ?? row.occurred_at ?? row.period
  return typeof v === 'string' ? v : undefined
}

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v)

function RecordGroup({
  title,
  erasure,
  rows,
}: {
  title: string
  erasure: string
  rows: Record<string, unknown>[]
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4">
      <h3 id={id} className="font-semibold text-stone-900">
        {title} <span className="font-normal text-stone-600">({rows.length})</span>
      </h3>
      <p className="mt-0.5 text-sm text-stone-600">On erasure: {erasure}</p>
      <ul className="mt-3 space-y-2">
        {rows.map((row, i) => {
          const at = dated(row)
          return (
            <li key={String(row.id ?? i)} className="rounded-lg border border-stone-200">
              <details>
                <summary className="cursor-pointer px-3 py-2 text-sm">
                  <span className="font-medium text-stone-900">{headline(row)}</span>
                  {at && (
                    <span className="text-stone-600">
                      {' · '}
                      <time dateTime={at}>{when.format(new Date(at))}</time>
                    </span>
                  )}
                </summary>
                <dl className="grid grid-cols-1 gap-x-4 gap-y-1 border-t border-stone-200 px-3 py-2 text-sm sm:grid-cols-[12rem_1fr]">
                  {Object.entries(row).map(([field, value]) => (
                    <div key={field} className="contents">
                      <dt className="font-medium text-stone-700">{field}</dt>
                      <dd className="break-words text-stone-900">{show(value)}</dd>
                    </div>
                  ))}
                </dl>
              </details>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function EraseButton({
  query,
  found,
  onErased,
}: {
  query: string
  found: PersonRecords
  onErased: (s: ErasureSummary) => void
}) {
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string>()
  const erase = useErasePerson()
  function confirm() {
    if (reason.trim().length < 5) {
      setError('Give the reason for the erasure (at least 5 characters).')
      return
    }
    erase.mutate(
      { query, reason: reason.trim() },
      {
        onSuccess: (summary) => {
          setOpen(false)
          setReason('')
          notify.success('Personal information erased')
          onErased(summary)
        },
        onError: (e) => setError(problem(e)),
      },
    )
  }
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!erase.isPending) setOpen(next)
        setError(undefined)
      }}
    >
      <Button
        variant="outline"
        className="border-red-300 text-red-800 hover:bg-red-50"
        onClick={() => setOpen(true)}
      >
        <Trash2Icon className="size-4" aria-hidden="true" />
        Erase…
      </Button>
      <AlertDialogContent
        title={`Erase what is kept about ${found.subject.value}?`}
        description="Enquiries, the subscription, the account, maintenance requests and monitoring rows are deleted; the tenant record is anonymised and its statements stay. This cannot be undone."
        confirmLabel={erase.isPending ? 'Erasing…' : 'Erase'}
        destructive
        pending={erase.isPending}
        onConfirm={confirm}
      >
        <Field label="Reason (kept in the audit trail)" required error={error} className="mt-4">
          {(control) => (
            <TextArea
              {...control}
              value={reason}
              maxLength={1000}
              onChange={(e) => setReason(e.target.value)}
              placeholder="e.g. Request by e-mail from the data subject on 23 November"
            />
          )}
        </Field>
      </AlertDialogContent>
    </AlertDialog>
  )
}

function ErasedSummary({ summary }: { summary: ErasureSummary }) {
  const parts = Object.entries(summary)
    .filter(([k]) => k !== 'id')
    .map(([kind, v]) => {
      const r = v as { erased?: number; anonymised?: number; redacted?: number }
      const n = r.erased ?? r.anonymised ?? r.redacted ?? 0
      const verb =
        r.anonymised !== undefined ? 'anonymised' : r.redacted !== undefined ? 'redacted' : 'erased'
      return n > 0 ? `${kind.replaceAll('_', ' ')}: ${n} ${verb}` : undefined
    })
    .filter(Boolean)
  return (
    <Alert variant="success" title="Erased, with the reason in the audit trail">
      {parts.join(' · ') || 'Nothing was left to erase.'}
    </Alert>
  )
}

/**
 * Data-subject requests (issue 20, items 2 and 3; POPIA s23–25): find everything kept about a person
 * by e-mail address or phone number, export it as JSON or CSV, and erase it with a reason. The
 * database decides who may (an admin with the second factor) and what erasing does per record kind.
 */
export function PrivacyRequests() {
  const [params, setParams] = useSearchParams()
  const query = params.get('q') ?? ''
  const [draft, setDraft] = useState(query)
  const [erased, setErased] = useState<ErasureSummary>()
  const found = usePersonRecords(query)

  function onSearch(event: FormEvent) {
    event.preventDefault()
    setErased(undefined)
    setParams(draft.trim() ? { q: draft.trim() } : {})
  }

  const data = found.data
  const total = data ? countRecords(data) : 0
  const fileBase = data ? `personal-information-${data.subject.value.replace(/[^a-z0-9]+/gi, '-')}` : ''
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold text-stone-900">Privacy</h1>
        <p className="mt-1 text-sm text-stone-700">
          Answer a person who asks what the centre keeps about them, or asks for it to be erased (POPIA
          sections 23 to 25). Search by the e-mail address or phone number they use.{' '}
          <Link
            className="font-medium text-brand-800 underline"
            to={paths.admin.securityCompromises.getHref()}
          >
            Security compromises
          </Link>
        </p>
      </div>
      <search aria-label="Personal information" className="rounded-xl border border-stone-200 bg-white p-4">
        <form onSubmit={onSearch} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <Field label="E-mail address or phone number" className="flex-1">
            {(control) => (
              <TextInput
                {...control}
                type="search"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder="e.g. naledi@example.co.za or 082 555 0101"
              />
            )}
          </Field>
          <Button type="submit">
            <SearchIcon className="size-4" aria-hidden="true" />
            Find
          </Button>
        </form>
      </search>

      {erased && <ErasedSummary summary={erased} />}

      {query === '' ? (
        <p className="text-sm text-stone-600">
          Enquiries, newsletter subscriptions and consent, tenant contacts, sign-in accounts, maintenance
          requests and comments, and monitoring rows are searched.
        </p>
      ) : found.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only" role="status">
            Searching…
          </span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : found.isError ? (
        <Alert
          variant="error"
          title="Could not search"
          action={
            (found.error as { code?: string }).code === '22023' ? undefined : (
              <Button variant="outline" size="sm" onClick={() => void found.refetch()}>
                Try again
              </Button>
            )
          }
        >
          {problem(found.error)}
        </Alert>
      ) : data && total === 0 ? (
        <Alert variant="info" title={`Nothing is kept about ${data.subject.value}`}>
          No record carries this {data.subject.kind === 'email' ? 'e-mail address' : 'phone number'}.
        </Alert>
      ) : data ? (
        <div className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 className="text-lg font-semibold text-stone-900" aria-live="polite">
              {total} {total === 1 ? 'record' : 'records'} about {data.subject.value}
            </h2>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => download(`${fileBase}.json`, 'application/json', personRecordsJson(data))}
              >
                <DownloadIcon className="size-4" aria-hidden="true" />
                Export JSON
              </Button>
              <Button
                variant="outline"
                onClick={() => download(`${fileBase}.csv`, 'text/csv;charset=utf-8', personRecordsCsv(data))}
              >
                <DownloadIcon className="size-4" aria-hidden="true" />
                Export CSV
              </Button>
              <EraseButton query={query} found={data} onErased={setErased} />
            </div>
          </div>
          {RECORD_KINDS.filter((k) => data[k.kind].length > 0).map((k) => (
            <RecordGroup key={k.kind} title={k.title} erasure={k.erasure} rows={data[k.kind]} />
          ))}
        </div>
      ) : null}
    </div>
  )
}
