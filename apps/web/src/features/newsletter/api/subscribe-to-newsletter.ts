import { publicFunctions } from '../../../lib/backend'
import { errorInData, readFunctionFailure } from '../../../lib/function-error'

/** Subscribes an address through the newsletter-subscription function (docs/product/site.md §7). */
export async function subscribeToNewsletter(email: string): Promise<{ ok: boolean; error?: string }> {
  const { data, error } = await (await publicFunctions()).invoke('newsletter-subscription', {
    body: { email },
  })
  if (error) return { ok: false, ...(await readFunctionFailure(error)) }
  const inData = errorInData(data)
  return inData ? { ok: false, error: inData } : { ok: true }
}
