import { z } from 'zod'
import { EmailSchema } from './email.ts'

/** Body of the `newsletter-subscription` function and the signup form (docs/product/site.md §5, §7). */
export const NewsletterSubscriptionSchema = z.object({
  email: EmailSchema,
  /** Where the form sits (homepage, footer, …); stored with the consent. */
  source: z.string().trim().max(60).optional(),
})
export type NewsletterSubscription = z.infer<typeof NewsletterSubscriptionSchema>

export { newsletterConsentText } from './newsletter-consent.ts'
