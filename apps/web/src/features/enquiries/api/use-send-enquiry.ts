import { HONEYPOT_FIELD } from '@genesis/contracts/enquiry-fields'
import { useState } from 'react'
import { prepareToasts } from '../../../components/ui/toasts'
import { type EnquiryPayload, type SendResult, sendEnquiry } from './send-enquiry'

/**
 * The sending side shared by the three enquiry forms: the hidden honeypot's value, the sending
 * state (docs/product/site.md §4: the button shows 'Sending...' and is disabled), and `send`, which adds the
 * honeypot, always clears the sending state, and empties the honeypot after a success. The toast
 * library starts loading with the request, so the outcome's toast does not wait for it.
 */
export function useSendEnquiry() {
  const [honeypot, setHoneypot] = useState('')
  const [sending, setSending] = useState(false)

  async function send(payload: EnquiryPayload): Promise<SendResult> {
    setSending(true)
    prepareToasts()
    try {
      const result = await sendEnquiry({ ...payload, [HONEYPOT_FIELD]: honeypot || undefined })
      if (result.ok) setHoneypot('')
      return result
    } finally {
      setSending(false)
    }
  }

  return { honeypot, setHoneypot, sending, send }
}
