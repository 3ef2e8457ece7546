import { toCsvFromRecords } from '@genesis/contracts/csv'
import { CopyIcon, DownloadIcon, PencilIcon, PlusIcon } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Field, NativeSelect, TextArea, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { paths } from '../../../config/paths'
import {
  type SecurityCompromise,
  type SecurityCompromiseInput,
  useSaveSecurityCompromise,
  useSecurityCompromises,
} from '../api/security-compromises'
import { noticeToAffectedPeople, noticeToRegulator, type ResponsibleParty } from '../lib/compromise-notice'

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })
const fmt = (v: string | null) => (v ? when.format(new Date(v)) : '—')

/** `2026-11-21T09:30` (local) from an ISO time, for datetime-local inputs; and back. */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
const fromLocalInput = (v: string): string | null => (v ? new Date(v).toISOString() : null)

const TEXT_FIELDS = [
  ['information_affected', 'Personal information affected'],
  ['people_affected', 'Who is affected'],
  ['consequences', 'Possible consequences'],
  ['measures', 'Measures taken or intended'],
  ['recommendations', 'What the people affected should do'],
  ['unauthorised_party', 'Who gained access, if known'],
] as const

type Draft = Record<
  | 'title'
  | 'description'
  | (typeof TEXT_FIELDS)[number][0]
  | 'affected_count'
  | 'occurred_at'
  | 'discovered_at'
  | 'regulator_notified_at'
  | 'people_notified_at'
  | 'status',
  string
>

function draftOf(c?: SecurityCompromise): Draft {
  return {
    title: c?.title ?? '',
    description: c?.description ?? '',
    information_affected: c?.information_affected ?? '',
    people_affected: c?.people_affected ?? '',
    consequences: c?.consequences ?? '',
    measures: c?.measures ?? '',
    recommendations: c?.recommendations ?? '',
    unauthorised_party: c?.unauthorised_party ?? '',
    affected_count:
      c?.affected_count === null || c?.affected_count === undefined ? '' : String(c.affected_count),
    occurred_at: toLocalInput(c?.occurred_at ?? null),
    discovered_at: toLocalInput(c?.discovered_at ?? null),
    regulator_notified_at: toLocalInput(c?.regulator_notified_at ?? null),
    people_notified_at: toLocalInput(c?.people_notified_at ?? null),
    status: c?.status ?? 'open',
  }
}

function validate(d: Draft): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {}
  if (d.title.trim().length < 3) errors.title = 'Give the incident a title (at least 3 characters).'
  if (d.description.trim().length < 10)
    errors.description = 'Describe what happened (at least 10 characters).'
  if (!d.discovered_at) errors.discovered_at = 'Enter when it was discovered.'
  if (d.affected_count && !/^\d+$/.test(d.affected_count))
    errors.affected_count = 'Enter a whole number, or leave it empty.'
  const discovered = d.discovered_at ? new Date(d.discovered_at).getTime() : Number.NaN
  if (d.occurred_at && discovered < new Date(d.occurred_at).getTime())
    errors.discovered_at = 'It cannot be discovered before it happened.'
  for (const key of ['regulator_notified_at', 'people_notified_at'] as const) {
    if (d[key] && new Date(d[key]).getTime() < discovered) errors[key] = 'Notified before it was discovered?'
  }
  return errors
}

function IncidentForm({ incident, onDone }: { incident?: SecurityCompromise; onDone: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(incident))
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({})
  const [failure, setFailure] = useState<string>()
  const save = useSaveSecurityCompromise()
  const set = (key: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }))

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = validate(draft)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const values: SecurityCompromiseInput = {
      title: draft.title.trim(),
      description: draft.description.trim(),
      information_affected: draft.information_affected.trim(),
      people_affected: draft.people_affected.trim(),
      consequences: draft.consequences.trim(),
      measures: draft.measures.trim(),
      recommendations: draft.recommendations.trim(),
      unauthorised_party: draft.unauthorised_party.trim(),
      affected_count: draft.affected_count ? Number(draft.affected_count) : null,
      occurred_at: fromLocalInput(draft.occurred_at),
      discovered_at: fromLocalInput(draft.discovered_at) as string,
      regulator_notified_at: fromLocalInput(draft.regulator_notified_at),
      people_notified_at: fromLocalInput(draft.people_notified_at),
      status: draft.status === 'closed' ? 'closed' : 'open',
    }
    setFailure(undefined)
    save.mutate(
      { id: incident?.id, values },
      {
        onSuccess: () => {
          notify.success(incident ? 'Incident updated' : 'Incident recorded')
          onDone()
        },
        onError: (e) => setFailure((e as { message?: string }).message ?? 'The incident could not be saved.'),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {failure && (
        <Alert variant="error" title="Not saved">
          {failure}
        </Alert>
      )}
      <Field label="Title" required error={errors.title}>
        {(c) => <TextInput {...c} value={draft.title} onChange={set('title')} maxLength={200} />}
      </Field>
      <Field label="What happened" required error={errors.description}>
        {(c) => <TextArea {...c} value={draft.description} onChange={set('description')} maxLength={10000} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="When it happened" error={errors.occurred_at}>
          {(c) => (
            <TextInput {...c} type="datetime-local" value={draft.occurred_at} onChange={set('occurred_at')} />
          )}
        </Field>
        <Field label="When it was discovered" required error={errors.discovered_at}>
          {(c) => (
            <TextInput
              {...c}
              type="datetime-local"
              value={draft.discovered_at}
              onChange={set('discovered_at')}
            />
          )}
        </Field>
      </div>
      {TEXT_FIELDS.map(([key, label]) => (
        <Field key={key} label={label}>
          {(c) => (
            <TextArea {...c} className="min-h-20" value={draft[key]} onChange={set(key)} maxLength={4000} />
          )}
        </Field>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Number of people affected" error={errors.affected_count}>
          {(c) => (
            <TextInput
              {...c}
              inputMode="numeric"
              value={draft.affected_count}
              onChange={set('affected_count')}
            />
          )}
        </Field>
        <Field label="Status">
          {(c) => (
            <NativeSelect {...c} value={draft.status} onChange={set('status')}>
              <option value="open">Open</option>
              <option value="closed">Closed</option>
            </NativeSelect>
          )}
        </Field>
        <Field label="Regulator notified" error={errors.regulator_notified_at}>
          {(c) => (
            <TextInput
              {...c}
              type="datetime-local"
              value={draft.regulator_notified_at}
              onChange={set('regulator_notified_at')}
            />
          )}
        </Field>
        <Field label="People affected notified" error={errors.people_notified_at}>
          {(c) => (
            <TextInput
              {...c}
              type="datetime-local"
              value={draft.people_notified_at}
              onChange={set('people_notified_at')}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : incident ? 'Save changes' : 'Record incident'}
        </Button>
      </div>
    </form>
  )
}

function NoticeText({ label, text }: { label: string; text: string }) {
  return (
    <details className="rounded-lg border border-stone-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-stone-900">{label}</summary>
      <div className="space-y-2 border-t border-stone-200 p-3">
        <pre className="whitespace-pre-wrap break-words rounded bg-stone-50 p-3 font-sans text-sm text-stone-900">
          {text}
        </pre>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            navigator.clipboard.writeText(text).then(
              () => notify.success('Copied'),
              () => notify.error('Could not copy: select the text instead'),
            )
          }
        >
          <CopyIcon className="size-4" aria-hidden="true" />
          Copy<span className="sr-only"> the {label.toLowerCase()}</span>
        </Button>
      </div>
    </details>
  )
}

function IncidentCard({
  incident,
  party,
  onEdit,
}: {
  incident: SecurityCompromise
  party: ResponsibleParty
  onEdit: () => void
}) {
  return (
    <article
      aria-labelledby={`incident-${incident.id}`}
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`incident-${incident.id}`} className="font-semibold text-stone-900">
            {incident.title}
          </h2>
          <p className="text-sm text-stone-600">Discovered {fmt(incident.discovered_at)}</p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={incident.status === 'open' ? 'warning' : 'secondary'}>
            {incident.status === 'open' ? 'Open' : 'Closed'}
          </Badge>
          <Button variant="ghost" size="sm" onClick={onEdit}>
            <PencilIcon className="size-4" aria-hidden="true" />
            Edit<span className="sr-only"> {incident.title}</span>
          </Button>
        </div>
      </div>
      <p className="text-sm whitespace-pre-line text-stone-800">{incident.description}</p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]">
        <dt className="font-medium text-stone-700">Who is affected</dt>
        <dd className="text-stone-900">
          {incident.people_affected || '—'}
          {incident.affected_count !== null && ` (${incident.affected_count})`}
        </dd>
        <dt className="font-medium text-stone-700">Regulator notified</dt>
        <dd className="text-stone-900">
          {incident.regulator_notified_at ? fmt(incident.regulator_notified_at) : 'Not yet'}
        </dd>
        <dt className="font-medium text-stone-700">People affected notified</dt>
        <dd className="text-stone-900">
          {incident.people_notified_at ? fmt(incident.people_notified_at) : 'Not yet'}
        </dd>
      </dl>
      <NoticeText label="Notice to the people affected" text={noticeToAffectedPeople(incident, party)} />
      <NoticeText label="Notice to the Information Regulator" text={noticeToRegulator(incident, party)} />
    </article>
  )
}

function download(name: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

const CSV_COLUMNS: { header: string; value: (c: SecurityCompromise) => string | number | null }[] = [
  { header: 'Title', value: (c) => c.title },
  { header: 'Status', value: (c) => c.status },
  { header: 'What happened', value: (c) => c.description },
  { header: 'Occurred', value: (c) => c.occurred_at },
  { header: 'Discovered', value: (c) => c.discovered_at },
  ...TEXT_FIELDS.map(([key, label]) => ({ header: label, value: (c: SecurityCompromise) => c[key] })),
  { header: 'People affected (number)', value: (c) => c.affected_count },
  { header: 'Regulator notified', value: (c) => c.regulator_notified_at },
  { header: 'People affected notified', value: (c) => c.people_notified_at },
  { header: 'Recorded', value: (c) => c.created_at },
]

/**
 * The security compromise register (issue 20, item 5; POPIA s22): what happened, when it was
 * discovered, who is affected, when the Regulator and the people affected were notified, with the
 * two notices drafted from the record, and the register exportable as CSV and JSON.
 */
export function SecurityCompromises({ party }: { party: ResponsibleParty }) {
  const list = useSecurityCompromises()
  const [editing, setEditing] = useState<SecurityCompromise | 'new' | null>(null)
  const rows = list.data ?? []
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Security Compromises</h1>
          <p className="mt-1 text-sm text-stone-700">
            The register POPIA section 22 asks for: every incident where personal information may have been
            reached by someone unauthorised, and when the Regulator and the people affected were told.{' '}
            <Link className="font-medium text-brand-800 underline" to={paths.admin.privacy.getHref()}>
              Personal information requests
            </Link>
          </p>
        </div>
        <Button className="shrink-0" onClick={() => setEditing('new')}>
          <PlusIcon className="size-4" aria-hidden="true" />
          Record an incident
        </Button>
      </div>
      {list.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <span className="sr-only" role="status">
            Loading…
          </span>
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : list.isError ? (
        <Alert
          variant="error"
          title="Could not load the register"
          action={
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          Check the connection and try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Alert variant="info" title="No incidents recorded">
          Nothing has been recorded. When personal information may have been lost, stolen or seen by someone
          unauthorised, record it here at once.
        </Alert>
      ) : (
        <>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() =>
                download(
                  'security-compromises.csv',
                  'text/csv;charset=utf-8',
                  toCsvFromRecords(CSV_COLUMNS, rows, { bom: true }),
                )
              }
            >
              <DownloadIcon className="size-4" aria-hidden="true" />
              Export CSV
            </Button>
            <Button
              variant="outline"
              onClick={() =>
                download(
                  'security-compromises.json',
                  'application/json',
                  `${JSON.stringify(
                    rows.map((c) => ({
                      ...c,
                      notice_to_people_affected: noticeToAffectedPeople(c, party),
                      notice_to_regulator: noticeToRegulator(c, party),
                    })),
                    null,
                    2,
                  )}\n`,
                )
              }
            >
              <DownloadIcon className="size-4" aria-hidden="true" />
              Export JSON
            </Button>
          </div>
          {rows.map((c) => (
            <IncidentCard key={c.id} incident={c} party={party} onEdit={() => setEditing(c)} />
          ))}
        </>
      )}
      {editing && (
        <Dialog open onOpenChange={(open) => !open && setEditing(null)}>
          <DialogContent
            title={editing === 'new' ? 'Record an incident' : `Edit: ${editing.title}`}
            className="max-h-[90vh] max-w-2xl overflow-y-auto"
          >
            <IncidentForm
              incident={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(null)}
            />
          </DialogContent>
        </Dialog>
      )}
    </div>
  )
}
