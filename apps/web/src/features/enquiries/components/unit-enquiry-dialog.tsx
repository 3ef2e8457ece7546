import { type FormEvent, type RefObject, useId } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { Honeypot } from '../../../components/ui/honeypot'
import { notify } from '../../../components/ui/toasts'
import { useFormFields } from '../../../lib/use-form-fields'
import { useSendEnquiry } from '../api/use-send-enquiry'
import { FormMessage } from './form-message'

const EMPTY = { name: '', email: '', phone: '', message: '' }

/**
 * The enquiry dialog for one vacant unit (spec §4, §8), loaded when its Enquire Now button is
 * first pressed (unit-enquiry-button.tsx). Closes on cancel or success; on failure it stays open
 * with everything typed.
 */
export default function UnitEnquiryDialog({
  unitNumber,
  contactEmail,
  open,
  setOpen,
  returnFocusTo,
}: {
  unitNumber: string
  contactEmail: string
  open: boolean
  setOpen: (open: boolean) => void
  returnFocusTo: RefObject<HTMLElement | null>
}) {
  const f = useFormFields(EMPTY)
  const { honeypot, setHoneypot, sending, send } = useSendEnquiry()
  const messageId = useId()
  const describe = (key: string) => (f.invalid.has(key) ? messageId : undefined)

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    // The shared schemas (and full zod) load on the first submit, not with the page.
    const { UnitEnquiryFormSchema } = await import('@genesis/contracts/enquiry')
    const form = f.validate(UnitEnquiryFormSchema, { ...f.values, unitNumber })
    if (!form) return
    const result = await send(form)
    if (result.ok) {
      notify.success('Enquiry sent successfully!', {
        description: 'Our leasing team will contact you within 24 hours.',
      })
      f.reset()
      setOpen(false)
      return
    }
    const description = result.provider_error
      ? `Email service error: ${result.provider_error}`
      : (result.error ?? `Please try again or contact our leasing team at ${contactEmail}`)
    notify.error('Failed to send enquiry', { description })
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        returnFocusTo={returnFocusTo}
        title={`Enquire about Unit ${unitNumber}`}
        description="Leave your details and our leasing team will get back to you within 24 hours."
      >
        <form noValidate onSubmit={onSubmit} className="relative space-y-4">
          <FormMessage id={messageId} message={f.message} />
          <Field label="Unit number">
            {(p) => <TextInput {...p} name="unitNumber" value={unitNumber} readOnly />}
          </Field>
          <Field label="Full name" required describedBy={describe('name')}>
            {(p) => (
              <TextInput
                {...p}
                name="name"
                autoComplete="name"
                value={f.values.name}
                onChange={(e) => f.set('name')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Email" required describedBy={describe('email')} error={f.fieldErrors.email}>
            {(p) => (
              <TextInput
                {...p}
                type="email"
                name="email"
                autoComplete="email"
                value={f.values.email}
                onChange={(e) => f.set('email')(e.target.value)}
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
                value={f.values.phone}
                onChange={(e) => f.set('phone')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Message">
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
          <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Send Enquiry'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
