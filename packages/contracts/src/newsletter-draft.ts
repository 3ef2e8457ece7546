import { z } from 'zod'
import { checkNewsletterMarkdown, NEWSLETTER_BODY_MAX, NEWSLETTER_SUBJECT_MAX } from './newsletter-email.ts'

/** The compose form, checked the same way in the browser and before a test send. */
export const NewsletterDraftSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Enter a subject')
    .max(NEWSLETTER_SUBJECT_MAX, `The subject can have at most ${NEWSLETTER_SUBJECT_MAX} characters`),
  preheader: z.string().trim().max(150, 'The preview text can have at most 150 characters'),
  body: z
    .string()
    .max(NEWSLETTER_BODY_MAX, `The newsletter can have at most ${NEWSLETTER_BODY_MAX} characters`),
})
export type NewsletterDraft = z.infer<typeof NewsletterDraftSchema>

/** A draft that may go out: the form's rules plus a body without problems. */
export const SendableNewsletterSchema = NewsletterDraftSchema.superRefine((draft, ctx) => {
  for (const message of checkNewsletterMarkdown(draft.body)) {
    ctx.addIssue({ code: 'custom', path: ['body'], message })
  }
})
