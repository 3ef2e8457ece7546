import { Field, TextInput } from '../../../components/ui/field'

type PersonKey = 'firstName' | 'lastName' | 'email' | 'phone'

interface PersonFieldsProps {
  /** The form's field binder (useFormFields). */
  form: {
    field(key: PersonKey): { describedBy?: string; error?: string }
    control(key: PersonKey): { name: string; value: string; onChange(e: { target: { value: string } }): void }
  }
}

/**
 * First name, last name, email and phone, as the leasing and contact forms ask for them
 * (docs/product/site.md): the names and email required, with the browser's email and tel types.
 */
export function PersonFields({ form }: PersonFieldsProps) {
  return (
    <>
      <Field label="First name" required {...form.field('firstName')}>
        {(p) => <TextInput {...p} {...form.control('firstName')} autoComplete="given-name" />}
      </Field>
      <Field label="Last name" required {...form.field('lastName')}>
        {(p) => <TextInput {...p} {...form.control('lastName')} autoComplete="family-name" />}
      </Field>
      <Field label="Email" required {...form.field('email')}>
        {(p) => <TextInput {...p} {...form.control('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label="Phone" {...form.field('phone')}>
        {(p) => <TextInput {...p} {...form.control('phone')} type="tel" autoComplete="tel" />}
      </Field>
    </>
  )
}
