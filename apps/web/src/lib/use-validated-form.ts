import { useCallback, useState } from 'react'
import type { z } from 'zod'

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>

/** The first message per top-level field of a failed parse. */
export function fieldErrorsOf<T>(error: z.ZodError): FieldErrors<T> {
  const errors: FieldErrors<T> = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '') as keyof T & string
    if (key && errors[key] === undefined) errors[key] = issue.message
  }
  return errors
}

/**
 * Form state for the portal and back-office forms: the values as typed, one inline error per
 * field from the shared zod schema, and a form-level error. Values change only through `set`,
 * `setValues` and `reset`, so a failed submit never loses what was typed.
 */
export function useValidatedForm<T extends Record<string, unknown>>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial)
  const [errors, setErrors] = useState<FieldErrors<T>>({})
  const [formError, setFormError] = useState<string>()

  const set = useCallback(
    <K extends keyof T>(key: K) =>
      (value: T[K]) => {
        setValues((v) => ({ ...v, [key]: value }))
        // The field's error goes once the person changes it; the form's stays until the next submit.
        setErrors((e) => (e[key as keyof T & string] ? { ...e, [key]: undefined } : e))
      },
    [],
  )

  /** Parses with the schema; on failure marks the fields and returns undefined. */
  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | undefined {
    const result = schema.safeParse(input)
    setFormError(undefined)
    if (result.success) {
      setErrors({})
      return result.data
    }
    setErrors(fieldErrorsOf<T>(result.error))
    return undefined
  }

  function reset(next?: T) {
    setValues(next ?? (typeof initial === 'function' ? (initial as () => T)() : initial))
    setErrors({})
    setFormError(undefined)
  }

  return { values, setValues, set, errors, setErrors, formError, setFormError, validate, reset }
}
