import { useState } from 'react'
import type { z } from 'zod'

/**
 * Form state for the public forms: the values as typed, the form-level message (the spec's one
 * line) and which fields are invalid. Values are cleared only by `reset`, which the forms call on
 * success, so a failure never loses what the visitor typed.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
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

  return { values, set, message, invalid, fieldErrors, validate, reset }
}
