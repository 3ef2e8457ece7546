import { Field, TextInput } from '../../../components/ui/field'

type PersonValues = { firstName: string; lastName: string; email: string; phone: string }

interface PersonFieldsProps {
  values: PersonValues
  set: (key: keyof PersonValues) => (value: string) => void
  /** The id of the form's message for an invalid field, else undefined. */
  describe: (key: keyof PersonValues) => string | undefined
  emailError?: string
}

/**
 * First name, last name, email and phone, as the leasing and contact forms ask for them
 * (spec §3): the names and email required, with the browser's email and tel types.
 */
export function PersonFields({ values, set, describe, emailError }: PersonFieldsProps) {
  return (
    <>
      <Field label="First name" required describedBy={describe('firstName')}>
        {(p) => (
          <TextInput
            {...p}
            name="firstName"
            autoComplete="given-name"
            value={values.firstName}
            onChange={(e) => set('firstName')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Last name" required describedBy={describe('lastName')}>
        {(p) => (
          <TextInput
            {...p}
            name="lastName"
            autoComplete="family-name"
            value={values.lastName}
            onChange={(e) => set('lastName')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Email" required describedBy={describe('email')} error={emailError}>
        {(p) => (
          <TextInput
            {...p}
            type="email"
            name="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Phone">
        {(p) => (
          <TextInput
            {...p}
            type="tel"
            name="phone"
            autoComplete="tel"
            value={values.phone}
            onChange={(e) => set('phone')(e.target.value)}
          />
        )}
      </Field>
    </>
  )
}
