import { Field } from '../../../components/ui/field'
import { PasswordInput } from '../../../components/ui/password-input'

type Values = { password: string; confirm: string }

/**
 * A new password typed twice, with the rule under it: the same two fields wherever a password is
 * chosen (account settings, the recovery link's screen), so both ask for it the same way.
 */
export function NewPasswordFields({
  values,
  errors,
  set,
}: {
  values: Values
  errors: Partial<Record<keyof Values, string>>
  set: (name: keyof Values) => (value: string) => void
}) {
  return (
    <>
      <Field label="New password" required error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="new-password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Type it again" required error={errors.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm-password"
            autoComplete="new-password"
            value={values.confirm}
            onChange={(e) => set('confirm')(e.target.value)}
          />
        )}
      </Field>
      <p className="text-sm text-stone-600">At least 8 characters. Avoid a password you use elsewhere.</p>
    </>
  )
}
