import type { NewsletterDraft } from '@genesis/contracts/newsletter-draft'
import { type NewsletterSender, renderNewsletter } from '@genesis/contracts/newsletter-email'
import { useDeferredValue, useMemo } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'

const SAMPLE_UNSUBSCRIBE = 'unsubscribe link (each recipient gets their own)'

/** The issue exactly as it will be sent: the same renderer as the gateway's sender. */
export function EmailPreview({ draft, sender }: { draft: NewsletterDraft; sender: NewsletterSender }) {
  const deferred = useDeferredValue(draft)
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  const mail = useMemo(
    () =>
      renderNewsletter(
        { subject: deferred.subject || '(no subject)', preheader: deferred.preheader, body: deferred.body },
        sender,
        `${origin}/functions/v1/newsletter-subscription/unsubscribe`,
      ),
    [deferred, sender, origin],
  )
  return (
    <section aria-label="Preview of the e-mail as sent" className="space-y-2">
      <p className="text-sm text-stone-700">
        <span className="font-medium text-stone-900">Subject:</span> {deferred.subject || '(no subject)'}
      </p>
      <Tabs defaultValue="html">
        <TabsList>
          <TabsTrigger value="html">E-mail</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <iframe
            title="E-mail preview"
            sandbox=""
            srcDoc={mail.html}
            className="h-[32rem] w-full rounded-lg border border-stone-200 bg-white"
          />
        </TabsContent>
        <TabsContent value="text">
          <pre className="h-[32rem] overflow-auto rounded-lg border border-stone-200 bg-white p-3 text-sm whitespace-pre-wrap text-stone-800">
            {mail.text.replace(
              `${origin}/functions/v1/newsletter-subscription/unsubscribe`,
              SAMPLE_UNSUBSCRIBE,
            )}
          </pre>
        </TabsContent>
      </Tabs>
    </section>
  )
}
