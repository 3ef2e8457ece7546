import { useId, useState } from 'react'
import type { z } from 'zod'

/**
 * Form state for the public forms: the values as typed, the form-level message (the spec's one
 * line) and which fields are invalid. Values are cleared only by `reset`, which the forms call on
 * success, so a failure never loses what the visitor typed.
 *
 * The field binder: `field(key)` gives `<Field>` its wiring (the form message describes an invalid
 * field, a field's own problem shows under it) and `control(key)` gives the input, textarea or
 * select its name, value and change handler:
 * `<Field label="Company" {...f.field('company')}>{(p) => <TextInput {...p} {...f.control('company')} />}</Field>`
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const messageId = useId()
  const [values, setValues] = useState<T>(initial)
  const [message, setMessage] = useState<string>()
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set())
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof T, string>>>({})

  const set = (key: keyof T) => (value: string) => setValues((v) => ({ ...v, [key]: value }))

  /** Parses with the shared schema; on failure shows the first message and marks the fields. */
  function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> | undefined {
    const result = schema.safeParse(input)
    if (result.success) {
      setMessage(undefined)
      setInvalid(new Set())
      setFieldErrors({})
      return result.data
    }
    const fields = new Set(result.error.issues.map((i) => String(i.path[0])))
    const errors: Partial<Record<keyof T, string>> = {}
    for (const issue of result.error.issues) {
      const key = String(issue.path[0]) as keyof T
      // An empty field is covered by the form's message; only what was typed gets its own line.
      if ((values[key] ?? '').trim() === '') continue
      // A problem other than the form's message (a malformed address) is shown under its field.
      if (issue.message !== result.error.issues[0]?.message && errors[key] === undefined)
        errors[key] = issue.message
    }
    setMessage(result.error.issues[0]?.message)
    setInvalid(fields)
    setFieldErrors(errors)
    return undefined
  }

  function reset() {
    setValues(initial)
    setMessage(undefined)
    setInvalid(new Set())
    setFieldErrors({})
  }

  /** What `<Field>` needs for `key`. */
  function field(key: keyof T & string): { describedBy?: string; error?: string } {
    return { describedBy: invalid.has(key) ? messageId : undefined, error: fieldErrors[key] }
  }

  /** What the control of `key` needs. */
  function control(key: keyof T & string) {
    return {
      name: key,
      value: values[key],
      onChange: (e: { target: { value: string } }) => set(key)(e.target.value),
    }
  }

  return { values, set, message, messageId, invalid, fieldErrors, validate, reset, field, control }
}

export type FormFields<T extends Record<string, string>> = ReturnType<typeof useFormFields<T>>
