import { newsletterConsentText } from '@genesis/contracts/newsletter-consent'
import { type FormEvent, useId, useState } from 'react'
import { PrivacyNoticeLink } from '../../../components/privacy-notice-link'
import { Button } from '../../../components/ui/button'
import { notify, prepareToasts } from '../../../components/ui/toasts'

/** Newsletter signup (docs/product/site.md §5, §8): an invalid address fails like any other failure, with the toast. */
export function NewsletterSignup({ contactEmail, centreName }: { contactEmail: string; centreName: string }) {
  const [email, setEmail] = useState('')
  const [sending, setSending] = useState(false)
  const [invalid, setInvalid] = useState(false)
  const id = useId()

  const fail = () =>
    notify.error('Subscription failed', {
      description: `Please try again or contact us directly at ${contactEmail}`,
    })

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    prepareToasts()
    // The shared schema (and full zod) loads on the first submit, not with the home page.
    const { NewsletterSubscriptionSchema } = await import('@genesis/contracts/newsletter')
    const parsed = NewsletterSubscriptionSchema.safeParse({ email })
    setInvalid(!parsed.success)
    if (!parsed.success) return fail()
    setSending(true)
    // Loaded with the first submit too: the home page carries no code it does not need to show.
    const { subscribeToNewsletter } = await import('../api/subscribe-to-newsletter')
    const result = await subscribeToNewsletter(parsed.data.email)
    setSending(false)
    if (!result.ok) return fail()
    notify.success('Successfully subscribed!', {
      description: "Thank you for subscribing. You'll receive updates about new stores and events.",
    })
    setEmail('')
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Newsletter signup" className="w-full max-w-xl">
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Email address
        </label>
        <input
          id={id}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Enter your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-error ${id}-consent` : `${id}-consent`}
          className="h-12 min-h-12 w-full min-w-0 rounded-lg sm:w-auto sm:flex-1 border border-white/40 bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 focus:outline-2 focus:outline-offset-2 focus:outline-white"
        />
        <Button type="submit" variant="inverse" size="lg" disabled={sending}>
          {sending ? 'Subscribing...' : 'Subscribe'}
        </Button>
      </div>
      {/* The words stored with the sign-up in the consent ledger (POPIA s11). */}
      <p id={`${id}-consent`} className="mt-2 text-sm text-brand-50">
        {newsletterConsentText(centreName)} We will e-mail you a link to confirm.
      </p>
      {invalid && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-white">
          Please enter a valid email address
        </p>
      )}
      <PrivacyNoticeLink inverse className="mt-3" />
    </form>
  )
}
