import { Field, TextInput } from '../../../components/ui/field'

/** The part of a form's field binder (useFormFields) these fields need. */
interface Binder<K extends string> {
  field(key: K): { describedBy?: string; error?: string }
  control(key: K): { name: string; value: string; onChange(e: { target: { value: string } }): void }
}

/** Email (required) and phone: how the centre replies, asked by every enquiry form. */
export function ReplyFields({ form }: { form: Binder<'email' | 'phone'> }) {
  return (
    <>
      <Field label="Email" required {...form.field('email')}>
        {(p) => <TextInput {...p} {...form.control('email')} type="email" autoComplete="email" />}
      </Field>
      <Field label="Phone" {...form.field('phone')}>
        {(p) => <TextInput {...p} {...form.control('phone')} type="tel" autoComplete="tel" />}
      </Field>
    </>
  )
}

/**
 * First name, last name, email and phone, as the leasing and contact forms ask for them
 * (docs/product/site.md): the names and email required, with the browser's email and tel types.
 */
export function PersonFields({ form }: { form: Binder<'firstName' | 'lastName' | 'email' | 'phone'> }) {
  return (
    <>
      <Field label="First name" required {...form.field('firstName')}>
        {(p) => <TextInput {...p} {...form.control('firstName')} autoComplete="given-name" />}
      </Field>
      <Field label="Last name" required {...form.field('lastName')}>
        {(p) => <TextInput {...p} {...form.control('lastName')} autoComplete="family-name" />}
      </Field>
      <ReplyFields form={form} />
    </>
  )
}
