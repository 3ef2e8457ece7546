import { ArrowLeftIcon, Trash2Icon } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { useValidatedForm } from '../../../lib/use-validated-form'
import { useDeleteRecord } from '../api/delete-record'
import { useRecord } from '../api/get-record'
import type { AnyRow, RecordKind } from '../api/record-kind'
import { EditConflict, useSaveRecord } from '../api/save-record'
import { failureText } from './record-list'

const draftKey = (table: string, id: string | undefined) => `admin-draft:${table}:${id ?? 'new'}`

function readDraft<Form>(key: string): Form | undefined {
  try {
    const raw = sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as Form) : undefined
  } catch {
    return undefined
  }
}

/**
 * New and Edit for any kind of record: loading, not-found and error states; the kind's fields with
 * inline errors from the shared schema; a save that never overwrites someone else's change (the
 * update applies only to the version that was opened) and never loses what was typed (the draft is
 * kept in this tab's storage until it is saved); delete with a confirmation naming the record.
 */
export function RecordFormPage<Row extends AnyRow, Form extends Record<string, unknown>>({
  kind,
  id,
}: {
  kind: RecordKind<Row, Form>
  id?: string
}) {
  const record = useRecord(kind, id)
  if (id && record.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <h1 className="sr-only">Loading the {kind.singular}</h1>
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-64 w-full" />
        <span className="sr-only" role="status">
          Loading the {kind.singular}…
        </span>
      </div>
    )
  }
  if (id && record.error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-stone-900">Edit {kind.singular}</h1>
        <Alert
          variant="error"
          title={`We could not load this ${kind.singular}.`}
          action={
            <Button variant="outline" size="sm" onClick={() => void record.refetch()}>
              Try again
            </Button>
          }
        >
          {record.error.message}
        </Alert>
      </div>
    )
  }
  if (id && !record.data) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-stone-900">{capitalise(kind.singular)} not found</h1>
        <Alert variant="warning" role="status" title={`There is no ${kind.singular} with this id.`}>
          It may have been deleted, or the link is incomplete.
        </Alert>
        <ButtonLink to={kind.paths.list()} variant="outline">
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to {kind.plural}
        </ButtonLink>
      </div>
    )
  }
  return <RecordForm key={record.data?.id ?? 'new'} kind={kind} row={record.data ?? undefined} />
}

const capitalise = (s: string) => s.slice(0, 1).toUpperCase() + s.slice(1)

function RecordForm<Row extends AnyRow, Form extends Record<string, unknown>>({
  kind,
  row,
}: {
  kind: RecordKind<Row, Form>
  row: Row | undefined
}) {
  const navigate = useNavigate()
  const key = draftKey(kind.table, row?.id)
  const [base, setBase] = useState<Row | undefined>(row)
  const form = useValidatedForm<Form>(
    () => readDraft<Form>(key) ?? (row ? kind.toForm(row) : kind.emptyForm()),
  )
  const [conflict, setConflict] = useState<EditConflict<Row> | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const save = useSaveRecord(kind)
  const remove = useDeleteRecord(kind)
  const errorId = useId()
  const afterCreateId = useId()
  const [afterCreate, setAfterCreate] = useState(false)
  // Shown once, when this tab had unsaved changes to this record that differ from the stored version.
  const [restored] = useState(() => {
    const draft = readDraft<Form>(key)
    return (
      draft !== undefined &&
      JSON.stringify(draft) !== JSON.stringify(row ? kind.toForm(row) : kind.emptyForm())
    )
  })
  const [showRestored, setShowRestored] = useState(restored)

  // Keep what was typed in this tab until it is saved: a failed save or an expired session loses nothing.
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(form.values))
    } catch {
      // Storage full or blocked: the values are still in the form.
    }
  }, [key, form.values])

  const title = base ? `Edit ${kind.singular}: ${kind.nameOf(base)}` : `New ${kind.singular}`

  async function submit(event: FormEvent, options: { overwrite?: Row } = {}) {
    event.preventDefault()
    const parsed = form.validate(kind.schema)
    if (!parsed) {
      form.setFormError('Please correct the fields marked below.')
      return
    }
    try {
      const saved = await save.mutateAsync({
        id: base?.id,
        updatedAt: (options.overwrite ?? base)?.updated_at,
        row: parsed,
      })
      sessionStorage.removeItem(key)
      setConflict(null)
      setShowRestored(false)
      notify.success(`Saved ${kind.nameOf(saved)}`)
      if (!base) {
        sessionStorage.removeItem(draftKey(kind.table, saved.id))
        if (afterCreate && kind.afterCreate) {
          // The record is saved whatever happens next; the edit page shows the outcome again.
          try {
            notify.success(await kind.afterCreate.run(saved))
          } catch (error) {
            notify.error(
              `${kind.nameOf(saved)} was saved, but: ${error instanceof Error ? error.message : error}`,
            )
          }
        }
        navigate(kind.paths.edit(saved.id), { replace: true })
      } else {
        setBase(saved)
        form.reset(kind.toForm(saved))
      }
    } catch (error) {
      if (error instanceof EditConflict) {
        setConflict(error as EditConflict<Row>)
        form.setFormError(undefined)
        return
      }
      form.setFormError(failureText(kind, error, 'save'))
    }
  }

  async function doDelete() {
    if (!base) return
    try {
      await remove.mutateAsync(base.id)
      sessionStorage.removeItem(key)
      notify.success(`Deleted ${kind.nameOf(base)}`)
      navigate(kind.paths.list())
    } catch (error) {
      setConfirmDelete(false)
      form.setFormError(failureText(kind, error, 'delete'))
    }
  }

  return (
    <div className="space-y-5">
      <div>
        <Link
          to={kind.paths.list()}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          {kind.plural}
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-stone-900">{title}</h1>
      </div>
      {showRestored && !conflict && (
        <Alert variant="info" title="Your unsaved changes were restored.">
          <Button
            variant="outline"
            size="sm"
            className="mt-1"
            onClick={() => {
              sessionStorage.removeItem(key)
              form.reset(base ? kind.toForm(base) : kind.emptyForm())
              setShowRestored(false)
            }}
          >
            Discard them
          </Button>
        </Alert>
      )}
      {conflict && (
        <Alert
          variant="warning"
          role="alert"
          title={
            conflict.current
              ? `Someone else changed this ${kind.singular} while you were editing it.`
              : `Someone else deleted this ${kind.singular} while you were editing it.`
          }
          action={
            conflict.current ? (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    const theirs = conflict.current as Row
                    setBase(theirs)
                    form.reset(kind.toForm(theirs))
                    setConflict(null)
                  }}
                >
                  Load their version
                </Button>
                <Button
                  size="sm"
                  onClick={(e) =>
                    void submit(e as unknown as FormEvent, { overwrite: conflict.current as Row })
                  }
                >
                  Save mine over it
                </Button>
              </div>
            ) : undefined
          }
        >
          Your changes are still in the form; nothing was saved.
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className="space-y-6"
        aria-describedby={form.formError ? errorId : undefined}
      >
        {form.formError && (
          <Alert variant="error" id={errorId} title="The changes were not saved.">
            {form.formError}
          </Alert>
        )}
        <div className="rounded-xl border border-stone-200 bg-white p-4 sm:p-6">
          <kind.Fields values={form.values} set={form.set} errors={form.errors} recordId={base?.id} />
          {!base && kind.afterCreate && (
            <div className="mt-5 flex items-start gap-3 border-t border-stone-100 pt-5">
              <Checkbox
                id={afterCreateId}
                checked={afterCreate}
                onCheckedChange={(on) => setAfterCreate(on === true)}
                aria-describedby={`${afterCreateId}-hint`}
                className="mt-0.5"
              />
              <div className="text-sm">
                <label htmlFor={afterCreateId} className="font-medium text-stone-900">
                  {kind.afterCreate.label}
                </label>
                <p id={`${afterCreateId}-hint`} className="text-stone-600">
                  {kind.afterCreate.hint}
                </p>
              </div>
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : base ? 'Save changes' : `Create ${kind.singular}`}
          </Button>
          <ButtonLink to={kind.paths.list()} variant="outline">
            Cancel
          </ButtonLink>
          {base && (
            <Button
              variant="ghost"
              className="ml-auto text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2Icon className="size-4" aria-hidden="true" />
              Delete {kind.singular}
            </Button>
          )}
        </div>
      </form>
      {base && kind.Extra && <kind.Extra row={base} />}
      <AlertDialog
        open={confirmDelete}
        onOpenChange={(open) => !open && !remove.isPending && setConfirmDelete(false)}
      >
        {base && (
          <AlertDialogContent
            title={`Delete ${kind.nameOf(base)}?`}
            description={`This removes the ${kind.singular} ${kind.nameOf(base)} for good. The audit trail keeps a copy of what it was.`}
            confirmLabel={remove.isPending ? 'Deleting…' : `Delete ${kind.singular}`}
            destructive
            pending={remove.isPending}
            onConfirm={() => void doDelete()}
          />
        )}
      </AlertDialog>
    </div>
  )
}
