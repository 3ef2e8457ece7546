import type { RefObject } from 'react'
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { notify } from '../../../components/ui/toasts'
import { EnquiryForm, useEnquiryForm } from './enquiry-form'
import { ReplyFields } from './person-fields'

/**
 * The enquiry dialog for one vacant unit (docs/product/site.md: leasing), loaded when its Enquire Now button is
 * first pressed (unit-enquiry-button.tsx). Closes on cancel or success; on failure it stays open
 * with everything typed. The unit is named in the dialog's heading and sent with the enquiry, not
 * shown as a read-only field (which took the first focus, text selected); focus starts on the
 * first field a visitor fills in.
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
  const form = useEnquiryForm({
    empty: { name: '', email: '', phone: '', message: '' },
    async toPayload(f) {
      const { UnitEnquiryFormSchema } = await import('@genesis/contracts/enquiry')
      return f.validate(UnitEnquiryFormSchema, { ...f.values, unitNumber })
    },
    onSent() {
      notify.success('Enquiry sent successfully!', {
        description: 'Our leasing team will contact you within 24 hours.',
      })
      setOpen(false)
    },
    onFailed(result) {
      const description = result.provider_error
        ? `Email service error: ${result.provider_error}`
        : (result.error ?? `Please try again or contact our leasing team at ${contactEmail}`)
      notify.error('Failed to send enquiry', { description })
    },
  })

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        returnFocusTo={returnFocusTo}
        title={`Enquire about Unit ${unitNumber}`}
        description="Leave your details and our leasing team will get back to you within 24 hours."
      >
        <EnquiryForm
          form={form}
          className="space-y-4"
          actions={
            // Sticky at the dialog's bottom edge, so Send and Cancel stay in reach while the form
            // scrolls on a small phone (issue 15, §3).
            <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col-reverse gap-3 border-t border-stone-200 bg-white px-6 py-4 sm:flex-row sm:justify-end">
              <PrivacyNoticeLink className="sm:mr-auto sm:self-center" />
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={form.sending}>
                {form.sending ? 'Sending...' : 'Send Enquiry'}
              </Button>
            </div>
          }
        >
          <Field label="Full name" required {...form.field('name')}>
            {(p) => <TextInput {...p} {...form.control('name')} autoComplete="name" />}
          </Field>
          <ReplyFields form={form} />
          <Field label="Message" {...form.field('message')}>
            {(p) => <TextArea {...p} {...form.control('message')} />}
          </Field>
        </EnquiryForm>
      </DialogContent>
    </Dialog>
  )
}
