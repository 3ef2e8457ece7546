import { FunctionsHttpError } from '@supabase/supabase-js'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/**
 * Sends the centre's notification mail of an enquiry again (function `resend-enquiry-email`,
 * admins with their second factor only); the enquiry's delivery status follows the outcome.
 */
export async function resendEnquiryMail(id: string): Promise<void> {
  const { error } = await getSupabase().functions.invoke('resend-enquiry-email', { body: { enquiry_id: id } })
  if (!error) return
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as {
      error?: string
      provider_error?: string
    }
    throw new Error(
      body.provider_error ? `${body.error}: ${body.provider_error}` : (body.error ?? error.message),
    )
  }
  throw error
}

export function useResendEnquiryMail() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: resendEnquiryMail,
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'enquiries'] }),
  })
}
