import type { LineItemForm } from '@genesis/contracts/billing'
import { PlusIcon, Trash2Icon } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Field, TextInput } from '../../../components/ui/field'

/**
 * The lines of a statement: a description and an amount each, added and removed in place. Errors
 * arrive per line and field (`lineErrors[i].description`), so the person sees which line is wrong.
 */
export function LineItemsEditor({
  legend,
  lines,
  onChange,
  lineErrors,
  error,
}: {
  legend: string
  lines: LineItemForm[]
  onChange: (lines: LineItemForm[]) => void
  lineErrors: Partial<Record<'description' | 'amount', string>>[]
  error?: string
}) {
  const update = (i: number, patch: Partial<LineItemForm>) =>
    onChange(lines.map((line, j) => (j === i ? { ...line, ...patch } : line)))
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-stone-900">{legend}</legend>
      {lines.length === 0 && <p className="text-sm text-stone-600">No lines yet.</p>}
      <ol className="space-y-3">
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own
          <li key={i} className="grid grid-cols-[1fr_8rem_auto] items-end gap-2">
            <Field label={`Line ${i + 1} description`} error={lineErrors[i]?.description}>
              {(control) => (
                <TextInput
                  {...control}
                  value={line.description}
                  maxLength={200}
                  onChange={(e) => update(i, { description: e.target.value })}
                />
              )}
            </Field>
            <Field label={`Line ${i + 1} amount (R)`} error={lineErrors[i]?.amount}>
              {(control) => (
                <TextInput
                  {...control}
                  inputMode="decimal"
                  value={line.amount}
                  onChange={(e) => update(i, { amount: e.target.value })}
                />
              )}
            </Field>
            <Button
              variant="ghost"
              size="icon"
              className={lineErrors[i] ? 'mb-7' : undefined}
              onClick={() => onChange(lines.filter((_, j) => j !== i))}
            >
              <Trash2Icon className="size-4" aria-hidden="true" />
              <span className="sr-only">Remove line {i + 1}</span>
            </Button>
          </li>
        ))}
      </ol>
      {error && <p className="text-sm text-red-700">{error}</p>}
      <Button
        variant="outline"
        size="sm"
        onClick={() => onChange([...lines, { description: '', amount: '' }])}
      >
        <PlusIcon className="size-4" aria-hidden="true" />
        Add a line
      </Button>
    </fieldset>
  )
}
