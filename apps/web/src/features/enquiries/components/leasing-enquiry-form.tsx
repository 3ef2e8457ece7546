import { BUSINESS_TYPES } from '@genesis/contracts/enquiry-fields'
import { type FormEvent, useId } from 'react'
import { Button } from '../../../components/ui/button'
import { Field, NativeSelect, TextArea, TextInput } from '../../../components/ui/field'
import { Honeypot } from '../../../components/ui/honeypot'
import { notify } from '../../../components/ui/toasts'
import { useFormFields } from '../../../lib/use-form-fields'
import { useSendEnquiry } from '../api/use-send-enquiry'
import { FormMessage } from './form-message'
import { PersonFields } from './person-fields'

const BUSINESS_TYPE_LABELS: Record<(typeof BUSINESS_TYPES)[number], string> = {
  retail: 'Retail',
  food: 'Food & Beverage',
  services: 'Services',
  other: 'Other',
}

const EMPTY = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  company: '',
  businessType: '',
  message: '',
}

/** The leasing enquiry form (spec §3, §5, §8). `contactEmail` is the leasing address shown on failure. */
export function LeasingEnquiryForm({ contactEmail }: { contactEmail: string }) {
  const f = useFormFields(EMPTY)
  const { honeypot, setHoneypot, sending, send } = useSendEnquiry()
  const messageId = useId()
  const describe = (key: string) => (f.invalid.has(key) ? messageId : undefined)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The shared schemas (and full zod) load on the first submit, not with the page.
    const { LeasingFormSchema, leasingFormToPayload } = await import('@genesis/contracts/enquiry')
    const form = f.validate(LeasingFormSchema, {
      ...f.values,
      businessType: f.values.businessType || undefined,
    })
    if (!form) return
    const result = await send(leasingFormToPayload(form))
    if (result.ok) {
      notify.success('Enquiry received!', {
        description: "Thank you for your interest. We'll be in touch shortly.",
      })
      f.reset()
    } else {
      notify.error('Submission failed', { description: `Please reach out directly at ${contactEmail}` })
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="relative space-y-5" aria-label="Leasing enquiry">
      <FormMessage id={messageId} message={f.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonFields values={f.values} set={f.set} describe={describe} emailError={f.fieldErrors.email} />
        <Field label="Company">
          {(p) => (
            <TextInput
              {...p}
              name="company"
              autoComplete="organization"
              value={f.values.company}
              onChange={(e) => f.set('company')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Business type">
          {(p) => (
            <NativeSelect
              {...p}
              name="businessType"
              value={f.values.businessType}
              onChange={(e) => f.set('businessType')(e.target.value)}
            >
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
      <Field label="Message">
        {(p) => (
          <TextArea
            {...p}
            name="message"
            placeholder="Tell us about your business and the space you need"
            value={f.values.message}
            onChange={(e) => f.set('message')(e.target.value)}
          />
        )}
      </Field>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? 'Sending...' : 'Submit Enquiry'}
      </Button>
    </form>
  )
}
