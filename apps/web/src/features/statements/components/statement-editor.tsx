import {
  type LineItemForm,
  lineItemsTotal,
  meterCharge,
  RentalStatementFormSchema,
  STATEMENT_PDF_MAX_BYTES,
  type StatementKind,
  totalsOf,
  UtilityStatementFormSchema,
  VAT_RATE,
} from '@genesis/contracts/billing'
import { formatQuantity, formatRand } from '@genesis/contracts/tenant-portal'
import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent } from '../../../components/ui/dialog'
import { Field, NativeSelect, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import {
  messageOf,
  STATEMENT_KIND_INFO,
  type TenantOption,
  useSaveStatement,
  useStatement,
  useTenantOptions,
} from '../api/admin-statements'
import { LineItemsEditor } from './line-items-editor'

interface Values {
  tenant_id: string
  period: string
  statement_date: string
  due_date: string
  line_items: LineItemForm[]
  electricity_meter_previous: string
  electricity_meter_current: string
  electricity_rate: string
  water_meter_previous: string
  water_meter_current: string
  water_rate: string
}

const today = () => new Date().toISOString().slice(0, 10)
const text = (v: unknown) => (v === null || v === undefined ? '' : String(Number(v)))

function emptyValues(kind: StatementKind): Values {
  const now = new Date()
  const due = new Date(now.getTime() + 7 * 86_400_000)
  return {
    tenant_id: '',
    period: today().slice(0, 7),
    statement_date: today(),
    due_date: due.toISOString().slice(0, 10),
    line_items: kind === 'rental' ? [{ description: 'Basic rental', amount: '' }] : [],
    electricity_meter_previous: '',
    electricity_meter_current: '',
    electricity_rate: '',
    water_meter_previous: '',
    water_meter_current: '',
    water_rate: '',
  }
}

function valuesOf(row: Record<string, unknown>): Values {
  const lines = Array.isArray(row.line_items)
    ? (row.line_items as { description?: string; amount?: number }[])
    : []
  return {
    tenant_id: String(row.tenant_id),
    period: String(row.period).slice(0, 7),
    statement_date: String(row.statement_date).slice(0, 10),
    due_date: row.due_date ? String(row.due_date).slice(0, 10) : '',
    line_items: lines.map((l) => ({ description: l.description ?? '', amount: text(l.amount) })),
    electricity_meter_previous: text(row.electricity_meter_previous),
    electricity_meter_current: text(row.electricity_meter_current),
    electricity_rate: text(row.electricity_rate),
    water_meter_previous: text(row.water_meter_previous),
    water_meter_current: text(row.water_meter_current),
    water_rate: text(row.water_rate),
  }
}

const numberOr = (v: string, fallback: number | null) =>
  v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback

/** The totals the database will compute, shown while typing. */
function preview(kind: StatementKind, v: Values) {
  const lines = v.line_items.map((l) => ({ description: l.description, amount: numberOr(l.amount, 0) ?? 0 }))
  if (kind === 'rental') return { ...totalsOf(lineItemsTotal(lines)), electricity: null, water: null }
  const electricity = meterCharge({
    previous: numberOr(v.electricity_meter_previous, null),
    current: numberOr(v.electricity_meter_current, null),
    rate: numberOr(v.electricity_rate, null),
    units: 0,
    amount: 0,
  })
  const water = meterCharge({
    previous: numberOr(v.water_meter_previous, null),
    current: numberOr(v.water_meter_current, null),
    rate: numberOr(v.water_rate, null),
    units: 0,
    amount: 0,
  })
  return { ...totalsOf(electricity.amount + water.amount + lineItemsTotal(lines)), electricity, water }
}

type FieldErrors = Partial<Record<keyof Values, string>>
type LineErrors = Partial<Record<'description' | 'amount', string>>[]

function errorsOf(error: z.ZodError): { fields: FieldErrors; lines: LineErrors } {
  const fields: FieldErrors = {}
  const lines: LineErrors = []
  for (const issue of error.issues) {
    const [key, index, sub] = issue.path
    if (key === 'line_items' && typeof index === 'number' && (sub === 'description' || sub === 'amount')) {
      lines[index] = { ...lines[index], [sub]: lines[index]?.[sub] ?? issue.message }
    } else if (typeof key === 'string' && fields[key as keyof Values] === undefined) {
      fields[key as keyof Values] = issue.message
    }
  }
  return { fields, lines }
}

function tenantLabel(t: TenantOption) {
  return t.shop_no ? `${t.shop_no} · ${t.company_name}` : t.company_name
}

/**
 * Creates or edits a draft statement of either kind: tenant, month, dates, the lines (rental) or
 * the meter readings and tariffs with other charges (utility), the totals with 15 % VAT as the
 * database computes them, and an optional PDF. Save keeps it a draft; Save and issue issues it.
 */
export function StatementEditor({
  kind,
  id,
  onClose,
}: {
  kind: StatementKind
  /** null: a new statement. */
  id: string | null
  onClose: () => void
}) {
  const existing = useStatement(kind, id)
  const info = STATEMENT_KIND_INFO[kind]
  const title = id ? `Edit ${info.singular}` : `New ${info.singular}`
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title} className="max-w-2xl">
        {id && existing.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">Loading the statement…</span>
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : id && existing.error ? (
          <Alert variant="error" title="We could not load this statement.">
            {existing.error.message}
          </Alert>
        ) : id && !existing.data ? (
          <Alert variant="warning" title="Statement not found">
            It may have been deleted. Close this window to see the list again.
          </Alert>
        ) : id && existing.data?.status !== 'draft' ? (
          <Alert variant="info" title="This statement is issued">
            An issued statement keeps its lines and amounts. Record a payment or attach a PDF from the list.
          </Alert>
        ) : (
          <EditorForm kind={kind} row={existing.data ?? null} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function EditorForm({
  kind,
  row,
  onClose,
}: {
  kind: StatementKind
  row: Record<string, unknown> | null
  onClose: () => void
}) {
  const [values, setValues] = useState<Values>(() => (row ? valuesOf(row) : emptyValues(kind)))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [lineErrors, setLineErrors] = useState<LineErrors>([])
  const [formError, setFormError] = useState<string>()
  const [file, setFile] = useState<File | null>(null)
  const tenants = useTenantOptions()
  const save = useSaveStatement()
  const info = STATEMENT_KIND_INFO[kind]
  const totals = preview(kind, values)

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) => {
      setValues((v) => ({ ...v, [key]: value }))
      setErrors((e) => ({ ...e, [key]: undefined }))
    }

  async function submit(event: FormEvent, issue: boolean) {
    event.preventDefault()
    setFormError(undefined)
    const schema = kind === 'rental' ? RentalStatementFormSchema : UtilityStatementFormSchema
    const parsed = schema.safeParse(values)
    if (!parsed.success) {
      const found = errorsOf(parsed.error)
      setErrors(found.fields)
      setLineErrors(found.lines)
      setFormError('Please correct the fields marked below.')
      return
    }
    setErrors({})
    setLineErrors([])
    if (issue && !parsed.data.due_date) {
      setErrors({ due_date: 'A statement needs a due date before it is issued' })
      return
    }
    if (file && (file.type !== 'application/pdf' || file.size > STATEMENT_PDF_MAX_BYTES)) {
      setFormError('The PDF must be a PDF file of at most 10 MB.')
      return
    }
    try {
      const result = await save.mutateAsync({
        kind,
        id: row ? String(row.id) : undefined,
        updatedAt: row ? String(row.updated_at) : undefined,
        row: { ...parsed.data, ...(issue ? { status: 'issued' } : {}) },
        file,
      })
      const tenant = tenants.data?.find((t) => t.id === values.tenant_id)
      const name = `${info.singular} for ${tenant ? tenant.company_name : 'the tenant'}`
      notify.success(issue ? `Issued the ${name}` : `Saved the draft ${name}`)
      if (result.pdfError) {
        notify.error('The PDF was not attached', { description: result.pdfError })
      }
      onClose()
    } catch (error) {
      setFormError(messageOf(error))
    }
  }

  const formErrorId = 'statement-form-error'
  const meter = (name: 'electricity' | 'water', unit: string) => (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-stone-900 capitalize">{name}</legend>
      <Field label={`Previous reading (${unit})`} error={errors[`${name}_meter_previous`]}>
        {(control) => (
          <TextInput
            {...control}
            inputMode="decimal"
            value={values[`${name}_meter_previous`]}
            onChange={(e) => set(`${name}_meter_previous`)(e.target.value)}
          />
        )}
      </Field>
      <Field label={`Current reading (${unit})`} error={errors[`${name}_meter_current`]}>
        {(control) => (
          <TextInput
            {...control}
            inputMode="decimal"
            value={values[`${name}_meter_current`]}
            onChange={(e) => set(`${name}_meter_current`)(e.target.value)}
          />
        )}
      </Field>
      <Field label={`Tariff (R per ${unit})`} error={errors[`${name}_rate`]}>
        {(control) => (
          <TextInput
            {...control}
            inputMode="decimal"
            value={values[`${name}_rate`]}
            onChange={(e) => set(`${name}_rate`)(e.target.value)}
          />
        )}
      </Field>
      <p className="text-sm text-stone-700 sm:col-span-3" data-testid={`${name}-charge`}>
        Consumption {formatQuantity(totals[name]?.units ?? 0, unit)} · {formatRand(totals[name]?.amount ?? 0)}
      </p>
    </fieldset>
  )

  return (
    <form onSubmit={(e) => void submit(e, false)} noValidate className="space-y-5">
      {formError && (
        <p id={formErrorId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {formError}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Tenant"
          required
          error={errors.tenant_id ?? (tenants.error ? tenants.error.message : undefined)}
        >
          {(control) => (
            <NativeSelect
              {...control}
              value={values.tenant_id}
              disabled={tenants.isPending}
              onChange={(e) => set('tenant_id')(e.target.value)}
            >
              <option value="">{tenants.isPending ? 'Loading tenants…' : 'Choose a tenant'}</option>
              {tenants.data?.map((t) => (
                <option key={t.id} value={t.id}>
                  {tenantLabel(t)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Month" required error={errors.period}>
          {(control) => (
            <TextInput
              {...control}
              type="month"
              value={values.period}
              onChange={(e) => set('period')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Statement date" required error={errors.statement_date}>
          {(control) => (
            <TextInput
              {...control}
              type="date"
              value={values.statement_date}
              onChange={(e) => set('statement_date')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Due date" error={errors.due_date}>
          {(control) => (
            <TextInput
              {...control}
              type="date"
              value={values.due_date}
              onChange={(e) => set('due_date')(e.target.value)}
            />
          )}
        </Field>
      </div>
      {kind === 'utility' && (
        <div className="space-y-4">
          {meter('electricity', 'kWh')}
          {meter('water', 'kl')}
        </div>
      )}
      <LineItemsEditor
        legend={kind === 'rental' ? 'Lines (excluding VAT)' : 'Other charges (excluding VAT)'}
        lines={values.line_items}
        onChange={(lines) => {
          set('line_items')(lines)
          setLineErrors([])
        }}
        lineErrors={lineErrors}
        error={errors.line_items}
      />
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 rounded-lg bg-stone-50 p-4 text-sm"
        aria-live="polite"
      >
        <dt className="text-stone-700">Subtotal</dt>
        <dd className="text-right tabular-nums" data-testid="editor-subtotal">
          {formatRand(totals.subtotal)}
        </dd>
        <dt className="text-stone-700">VAT ({VAT_RATE * 100} %)</dt>
        <dd className="text-right tabular-nums" data-testid="editor-vat">
          {formatRand(totals.vat)}
        </dd>
        <dt className="font-semibold text-stone-900">Total</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="editor-total">
          {formatRand(totals.total)}
        </dd>
      </dl>
      <Field label="Statement PDF (optional; without one the server generates it when issued)">
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/pdf"
            className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      {row?.file_path ? (
        <p className="text-sm text-stone-700">A PDF is attached; a new one replaces it.</p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save draft'}
        </Button>
        <Button disabled={save.isPending} onClick={(e) => void submit(e, true)}>
          Save and issue
        </Button>
      </div>
    </form>
  )
}
