import { BUSINESS_TYPES } from '@genesis/contracts/enquiry-fields'
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link'
import { Button } from '../../../components/ui/button'
import { Field, NativeSelect, TextArea, TextInput } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { EnquiryForm, useEnquiryForm } from './enquiry-form'
import { PersonFields } from './person-fields'

const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  retail: 'Retail',
  food: 'Food & Beverage',
  services: 'Services',
  other: 'Other',
}

/**
 * The leasing enquiry form (docs/product/site.md: leasing). `contactEmail` is the leasing address
 * shown on failure.
 */
export function LeasingEnquiryForm({ contactEmail }: { contactEmail: string }) {
  const form = useEnquiryForm({
    empty: { firstName: '', lastName: '', email: '', phone: '', company: '', businessType: '', message: '' },
    async toPayload(f) {
      const { LeasingFormSchema, leasingFormToPayload } = await import('@genesis/contracts/enquiry')
      const valid = f.validate(LeasingFormSchema, {
        ...f.values,
        businessType: f.values.businessType || undefined,
      })
      return valid && leasingFormToPayload(valid)
    },
    onSent: () =>
      notify.success('Enquiry received!', {
        description: "Thank you for your interest. We'll be in touch shortly.",
      }),
    onFailed: () =>
      notify.error('Submission failed', { description: `Please reach out directly at ${contactEmail}` }),
  })

  return (
    <EnquiryForm
      form={form}
      label="Leasing enquiry"
      className="space-y-5"
      actions={
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-5">
          <Button type="submit" size="lg" disabled={form.sending} className="w-full sm:w-auto">
            {form.sending ? 'Sending...' : 'Submit Enquiry'}
          </Button>
          <PrivacyNoticeLink />
        </div>
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonFields form={form} />
        <Field label="Company" {...form.field('company')}>
          {(p) => <TextInput {...p} {...form.control('company')} autoComplete="organization" />}
        </Field>
        <Field label="Business type" {...form.field('businessType')}>
          {(p) => (
            <NativeSelect {...p} {...form.control('businessType')}>
              <option value="">Select a business type</option>
              {BUSINESS_TYPES.map((t) => (
                <option key={t} value={t}>
                  {BUSINESS_TYPE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <Field label="Message" {...form.field('message')}>
        {(p) => (
          <TextArea
            {...p}
            {...form.control('message')}
            placeholder="Tell us about your business and the space you need"
          />
        )}
      </Field>
    </EnquiryForm>
  )
}
