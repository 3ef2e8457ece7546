import { Field } from '../../../components/ui/field'

/** The 6-digit code input: numeric keyboard on phones, the platform's one-time-code autofill. */
export function TotpCodeField({
  value,
  onChange,
  error,
  label = 'Authentication code',
  autoFocus,
}: {
  value: string
  onChange: (value: string) => void
  error?: string
  label?: string
  autoFocus?: boolean
}) {
  return (
    <Field label={label} required error={error}>
      {(control) => (
        <input
          {...control}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this step asks for
          autoFocus={autoFocus}
          className={`${control.className} h-12 max-w-48 text-center font-mono text-2xl tracking-[0.3em]`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
