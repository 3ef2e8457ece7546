import { ENQUIRY_TYPES } from '@genesis/contracts/enquiry-fields'
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link'
import { Button } from '../../../components/ui/button'
import { Field, NativeSelect, TextArea } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { EnquiryForm, useEnquiryForm } from './enquiry-form'
import { PersonFields } from './person-fields'

const ENQUIRY_TYPE_LABELS: Record<(typeof ENQUIRY_TYPES)[number], string> = {
  general: 'General enquiry',
  leasing: 'Leasing',
  complaint: 'Complaint',
  other: 'Other',
}

/** The contact page's message form (docs/product/site.md: contact). */
export function ContactForm({ contactEmail }: { contactEmail: string }) {
  const form = useEnquiryForm({
    empty: { firstName: '', lastName: '', email: '', phone: '', enquiryType: '', message: '' },
    async toPayload(f) {
      const { ContactFormSchema, contactFormToPayload } = await import('@genesis/contracts/enquiry')
      const valid = f.validate(ContactFormSchema, {
        ...f.values,
        enquiryType: f.values.enquiryType || undefined,
      })
      return valid && contactFormToPayload(valid)
    },
    onSent: () =>
      notify.success('Message sent successfully!', {
        description: "Thank you for contacting us. We'll get back to you shortly.",
      }),
    onFailed: () =>
      notify.error('Failed to send message', {
        description: `Please try again or contact us directly at ${contactEmail}`,
      }),
  })

  return (
    <EnquiryForm
      form={form}
      label="Send us a message"
      className="space-y-5"
      actions={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
          <Button type="submit" size="lg" disabled={form.sending} className="w-full sm:w-auto">
            {form.sending ? 'Sending...' : 'Send Message'}
          </Button>
          <PrivacyNoticeLink />
        </div>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonFields form={form} />
      </div>
      <Field label="Enquiry type" {...form.field('enquiryType')}>
        {(p) => (
          <NativeSelect {...p} {...form.control('enquiryType')}>
            <option value="">Select an enquiry type</option>
            {ENQUIRY_TYPES.map((t) => (
              <option key={t} value={t}>
                {ENQUIRY_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Message" required {...form.field('message')}>
        {(p) => <TextArea {...p} {...form.control('message')} />}
      </Field>
    </EnquiryForm>
  )
}
