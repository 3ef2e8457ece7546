import { useId } from 'react'
import { Field, NativeSelect, TextArea, TextInput } from '../../../components/ui/field'
import { Switch } from '../../../components/ui/switch'
import type { FieldErrors } from '../../../lib/use-validated-form'

/** What each field helper needs from the form (`useValidatedForm`). */
export interface FormBinding<Form> {
  values: Form
  set: <K extends keyof Form>(key: K) => (value: Form[K]) => void
  errors: FieldErrors<Form>
}

type StringKeys<Form> = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form] & string
type BooleanKeys<Form> = { [K in keyof Form]: Form[K] extends boolean ? K : never }[keyof Form] & string

/** A labelled text input bound to a string field of the form, with its inline error. */
export function TextField<Form>({
  form,
  name,
  label,
  required,
  type = 'text',
  inputMode,
  autoComplete,
  hint,
}: {
  form: FormBinding<Form>
  name: StringKeys<Form>
  label: string
  required?: boolean
  type?: 'text' | 'email' | 'url' | 'tel' | 'date'
  inputMode?: 'decimal' | 'numeric' | 'text'
  autoComplete?: string
  hint?: string
}) {
  return (
    <Field label={label} required={required} error={form.errors[name]}>
      {(control) => (
        <>
          <TextInput
            {...control}
            name={name}
            type={type}
            inputMode={inputMode}
            autoComplete={autoComplete ?? 'off'}
            value={form.values[name] as string}
            onChange={(e) => form.set(name)(e.target.value as Form[typeof name])}
          />
          {hint && <p className="text-xs text-stone-600">{hint}</p>}
        </>
      )}
    </Field>
  )
}

export function TextAreaField<Form>({
  form,
  name,
  label,
  hint,
}: {
  form: FormBinding<Form>
  name: StringKeys<Form>
  label: string
  hint?: string
}) {
  return (
    <Field label={label} error={form.errors[name]}>
      {(control) => (
        <>
          <TextArea
            {...control}
            name={name}
            value={form.values[name] as string}
            onChange={(e) => form.set(name)(e.target.value as Form[typeof name])}
          />
          {hint && <p className="text-xs text-stone-600">{hint}</p>}
        </>
      )}
    </Field>
  )
}

export function SelectField<Form>({
  form,
  name,
  label,
  options,
  required,
  placeholder,
}: {
  form: FormBinding<Form>
  name: StringKeys<Form>
  label: string
  options: readonly (string | { value: string; label: string })[]
  required?: boolean
  placeholder?: string
}) {
  return (
    <Field label={label} required={required} error={form.errors[name]}>
      {(control) => (
        <NativeSelect
          {...control}
          name={name}
          value={form.values[name] as string}
          onChange={(e) => form.set(name)(e.target.value as Form[typeof name])}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o
            return (
              <option key={value} value={value}>
                {text}
              </option>
            )
          })}
        </NativeSelect>
      )}
    </Field>
  )
}

export function SwitchField<Form>({
  form,
  name,
  label,
  hint,
}: {
  form: FormBinding<Form>
  name: BooleanKeys<Form>
  label: string
  hint: string
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <Switch
        id={id}
        checked={form.values[name] as boolean}
        onCheckedChange={(v) => form.set(name)(v as Form[typeof name])}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {hint}
        </p>
      </div>
    </div>
  )
}
