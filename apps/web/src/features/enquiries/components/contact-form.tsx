import { ENQUIRY_TYPES } from '@genesis/contracts/enquiry-fields'
import { type FormEvent, useId } from 'react'
import { Button } from '../../../components/ui/button'
import { Field, NativeSelect, TextArea } from '../../../components/ui/field'
import { Honeypot } from '../../../components/ui/honeypot'
import { notify } from '../../../components/ui/toasts'
import { useFormFields } from '../../../lib/use-form-fields'
import { useSendEnquiry } from '../api/use-send-enquiry'
import { FormMessage } from './form-message'
import { PersonFields } from './person-fields'

const ENQUIRY_TYPE_LABELS: Record<(typeof ENQUIRY_TYPES)[number], string> = {
  general: 'General enquiry',
  leasing: 'Leasing',
  complaint: 'Complaint',
  other: 'Other',
}

const EMPTY = { firstName: '', lastName: '', email: '', phone: '', enquiryType: '', message: '' }

/** The contact page's message form (spec §3, §5, §8). */
export function ContactForm({ contactEmail }: { contactEmail: string }) {
  const f = useFormFields(EMPTY)
  const { honeypot, setHoneypot, sending, send } = useSendEnquiry()
  const messageId = useId()
  const describe = (key: string) => (f.invalid.has(key) ? messageId : undefined)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The shared schemas (and full zod) load on the first submit, not with the page.
    const { ContactFormSchema, contactFormToPayload } = await import('@genesis/contracts/enquiry')
    const form = f.validate(ContactFormSchema, {
      ...f.values,
      enquiryType: f.values.enquiryType || undefined,
    })
    if (!form) return
    const result = await send(contactFormToPayload(form))
    if (result.ok) {
      notify.success('Message sent successfully!', {
        description: "Thank you for contacting us. We'll get back to you shortly.",
      })
      f.reset()
    } else {
      notify.error('Failed to send message', {
        description: `Please try again or contact us directly at ${contactEmail}`,
      })
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="relative space-y-5" aria-label="Send us a message">
      <FormMessage id={messageId} message={f.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <PersonFields values={f.values} set={f.set} describe={describe} emailError={f.fieldErrors.email} />
      </div>
      <Field label="Enquiry type">
        {(p) => (
          <NativeSelect
            {...p}
            name="enquiryType"
            value={f.values.enquiryType}
            onChange={(e) => f.set('enquiryType')(e.target.value)}
          >
            <option value="">Select an enquiry type</option>
            {ENQUIRY_TYPES.map((t) => (
              <option key={t} value={t}>
                {ENQUIRY_TYPE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Message" required describedBy={describe('message')}>
        {(p) => (
          <TextArea
            {...p}
            name="message"
            value={f.values.message}
            onChange={(e) => f.set('message')(e.target.value)}
          />
        )}
      </Field>
      <Honeypot value={honeypot} onChange={setHoneypot} />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  )
}
