import type { FormEvent, ReactNode } from 'react'
import { Honeypot } from '../../../components/ui/honeypot'
import { cn } from '../../../lib/cn'
import { type FormFields, useFormFields } from '../../../lib/use-form-fields'
import type { EnquiryPayload, SendResult } from '../api/send-enquiry'
import { useSendEnquiry } from '../api/use-send-enquiry'
import { FormMessage } from './form-message'

export interface EnquiryFormOptions<T extends Record<string, string>> {
  /** Every field, empty. */
  empty: T
  /**
   * Validates the values with the form's shared schema (loaded on the first submit, not with the
   * page) and makes the payload; `undefined` when the form's message now says what is wrong.
   */
  toPayload(fields: FormFields<T>): Promise<EnquiryPayload | undefined>
  /** After a success (the fields are already empty again). */
  onSent(): void
  /** After a failure: everything typed stays. */
  onFailed(result: Extract<SendResult, { ok: false }>): void
}

/**
 * The one hook of the three enquiry forms (contact, leasing, unit dialog): their fields with the
 * binder of useFormFields, the honeypot and sending state of useSendEnquiry, and `onSubmit`, which
 * validates, sends, empties the form after a success and keeps it after a failure. Each form keeps
 * only its fields, texts and schema.
 */
export function useEnquiryForm<T extends Record<string, string>>(options: EnquiryFormOptions<T>) {
  const fields = useFormFields(options.empty)
  const sending = useSendEnquiry()

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const payload = await options.toPayload(fields)
    if (!payload) return
    const result = await sending.send(payload)
    if (result.ok) {
      fields.reset()
      options.onSent()
    } else {
      options.onFailed(result)
    }
  }

  return { ...fields, ...sending, onSubmit }
}

export type EnquiryFormState = ReturnType<typeof useEnquiryForm>

/** The frame every enquiry form shares: the form message, its fields, the honeypot, its buttons. */
export function EnquiryForm({
  form,
  label,
  className,
  children,
  actions,
}: {
  form: Pick<EnquiryFormState, 'onSubmit' | 'messageId' | 'message' | 'honeypot' | 'setHoneypot'>
  label?: string
  className?: string
  children: ReactNode
  actions: ReactNode
}) {
  return (
    <form noValidate onSubmit={form.onSubmit} className={cn('relative', className)} aria-label={label}>
      <FormMessage id={form.messageId} message={form.message} />
      {children}
      <Honeypot value={form.honeypot} onChange={form.setHoneypot} />
      {actions}
    </form>
  )
}
