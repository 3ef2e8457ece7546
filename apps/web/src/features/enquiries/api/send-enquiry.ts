import type {
  ContactEnquiryPayload,
  LeasingEnquiryPayload,
  UnitEnquiryPayload,
} from '@genesis/contracts/enquiry'
import { publicFunctions } from '../../../lib/backend'
import { errorInData, type FunctionFailure, readFunctionFailure } from '../../../lib/function-error'

export type EnquiryPayload = UnitEnquiryPayload | LeasingEnquiryPayload | ContactEnquiryPayload

export type SendResult = { ok: true } | ({ ok: false } & FunctionFailure)

/** Sends an enquiry through the send-enquiry-email function (docs/product/site.md §7: a JSON-string body). */
export async function sendEnquiry(payload: EnquiryPayload): Promise<SendResult> {
  const { data, error } = await (await publicFunctions()).invoke('send-enquiry-email', {
    body: JSON.stringify(payload),
  })
  if (error) return { ok: false, ...(await readFunctionFailure(error)) }
  const inData = errorInData(data)
  return inData ? { ok: false, error: inData } : { ok: true }
}
