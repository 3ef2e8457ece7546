import { type NewsletterDraft, NewsletterDraftSchema } from '@genesis/contracts/newsletter-draft'
import { checkNewsletterMarkdown, type NewsletterSender } from '@genesis/contracts/newsletter-email'
import { ArrowLeftIcon, SendIcon } from 'lucide-react'
import { type FormEvent, useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { Alert } from '../../../components/ui/alert'
import { AlertDialog, AlertDialogContent } from '../../../components/ui/alert-dialog'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { paths } from '../../../config/paths'
import { type FieldErrors, useValidatedForm } from '../../../lib/use-validated-form'
import {
  type Newsletter,
  NewsletterNotFound,
  useNewsletter,
  useNewsletterMutations,
  useSendableCount,
} from '../api/newsletters'
import { EmailPreview } from './email-preview'
import { NewsletterReport } from './newsletter-report'
import { formatWhen, NewsletterStatusBadge } from './status'

const EMPTY: NewsletterDraft = { subject: '', preheader: '', body: '' }

/** A `datetime-local` value (local time, minutes) and back. */
const toLocalInput = (d: Date) =>
  new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)

function Composer({ newsletter, sender }: { newsletter: Newsletter | undefined; sender: NewsletterSender }) {
  const navigate = useNavigate()
  const form = useValidatedForm<NewsletterDraft>(() =>
    newsletter
      ? { subject: newsletter.subject, preheader: newsletter.preheader, body: newsletter.body }
      : EMPTY,
  )
  const errors = form.errors as FieldErrors<NewsletterDraft>
  const mutations = useNewsletterMutations()
  const sendable = useSendableCount()
  const [confirmSend, setConfirmSend] = useState(false)
  const [scheduleAt, setScheduleAt] = useState(() =>
    newsletter?.scheduled_at ? toLocalInput(new Date(newsletter.scheduled_at)) : '',
  )
  const problems = useMemo(() => checkNewsletterMarkdown(form.values.body), [form.values.body])
  const busy =
    mutations.save.isPending ||
    mutations.sendTest.isPending ||
    mutations.sendNow.isPending ||
    mutations.schedule.isPending

  /** Saves what is typed; returns the id, or undefined when the form has errors or saving failed. */
  async function save(): Promise<string | undefined> {
    const draft = form.validate(NewsletterDraftSchema)
    if (!draft) return undefined
    try {
      const id = await mutations.save.mutateAsync({ id: newsletter?.id, draft })
      if (!newsletter) navigate(paths.admin.editNewsletter.getHref(id), { replace: true })
      return id
    } catch (e) {
      form.setFormError(e instanceof Error ? e.message : String(e))
      return undefined
    }
  }

  async function onSave(event: FormEvent) {
    event.preventDefault()
    const id = await save()
    if (id) notify.success('Draft saved')
  }

  async function onTest() {
    const id = await save()
    if (!id) return
    try {
      const to = await mutations.sendTest.mutateAsync(id)
      notify.success(`Test sent to ${to}`, {
        description: 'Check your inbox: this is exactly what subscribers will get.',
      })
    } catch (e) {
      form.setFormError(`The test was not sent. ${e instanceof Error ? e.message : String(e)}`)
    }
  }

  async function onSchedule() {
    if (problems.length > 0) return form.setFormError('Fix the problems listed under the newsletter first.')
    const at = scheduleAt ? new Date(scheduleAt) : null
    if (!at || Number.isNaN(at.getTime())) return form.setFormError('Choose the date and time to send it.')
    if (at.getTime() <= Date.now())
      return form.setFormError('Choose a time in the future to schedule the newsletter.')
    const id = await save()
    if (!id) return
    try {
      await mutations.schedule.mutateAsync({ id, at })
      notify.success(`Scheduled for ${formatWhen(at.toISOString())}`)
    } catch (e) {
      form.setFormError(e instanceof Error ? e.message : String(e))
    }
  }

  async function onUnschedule() {
    if (!newsletter) return
    try {
      await mutations.schedule.mutateAsync({ id: newsletter.id, at: null })
      notify.success('No longer scheduled: it is a draft again')
    } catch (e) {
      form.setFormError(e instanceof Error ? e.message : String(e))
    }
  }

  async function onSendNow() {
    const id = await save()
    if (!id) return setConfirmSend(false)
    try {
      const count = await mutations.sendNow.mutateAsync(id)
      notify.success(`Sending to ${count} subscriber${count === 1 ? '' : 's'}`, {
        description: 'The progress shows on this page; you can leave it, sending goes on.',
      })
    } catch (e) {
      form.setFormError(e instanceof Error ? e.message : String(e))
    }
    setConfirmSend(false)
  }

  const recipients = sendable.data
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-stone-900">
          {newsletter ? 'Edit Newsletter' : 'New Newsletter'}
        </h1>
        {newsletter && <NewsletterStatusBadge status={newsletter.status} />}
      </div>
      {newsletter?.status === 'scheduled' && (
        <Alert
          variant="info"
          title={`Scheduled for ${formatWhen(newsletter.scheduled_at)}`}
          action={
            <Button variant="outline" size="sm" onClick={() => void onUnschedule()} disabled={busy}>
              Cancel schedule
            </Button>
          }
        >
          It goes out by itself then, to everyone subscribed and confirmed at that moment.
        </Alert>
      )}
      {form.formError && (
        <Alert variant="error" title="That did not work.">
          {form.formError}
        </Alert>
      )}
      <div className="grid gap-6 xl:grid-cols-2">
        <form
          noValidate
          onSubmit={(e) => void onSave(e)}
          className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
          aria-label="Newsletter"
        >
          <Field label="Subject" required error={errors.subject}>
            {(control) => (
              <TextInput
                {...control}
                value={form.values.subject}
                maxLength={200}
                onChange={(e) => form.set('subject')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Preview text (shown after the subject in most inboxes)" error={errors.preheader}>
            {(control) => (
              <TextInput
                {...control}
                value={form.values.preheader}
                maxLength={150}
                onChange={(e) => form.set('preheader')(e.target.value)}
              />
            )}
          </Field>
          <Field label="Newsletter (Markdown)" required error={errors.body}>
            {(control) => (
              <TextArea
                {...control}
                aria-describedby={[
                  control['aria-describedby'],
                  'newsletter-body-help',
                  problems.length ? 'newsletter-problems' : undefined,
                ]
                  .filter(Boolean)
                  .join(' ')}
                className={`${control.className} min-h-80 font-mono text-sm`}
                value={form.values.body}
                onChange={(e) => form.set('body')(e.target.value)}
              />
            )}
          </Field>
          <p id="newsletter-body-help" className="text-xs text-stone-600">
            # Heading, **bold**, *italic*, - lists, [links](https://…). The centre's name, address, phone,
            e-mail and an unsubscribe link are added to every mail.
          </p>
          {problems.length > 0 && form.values.body !== '' && (
            <div id="newsletter-problems" role="status">
              <Alert variant="warning" title="Before this can be sent:">
                <ul className="list-disc pl-5">
                  {problems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </Alert>
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="outline" disabled={busy}>
              {mutations.save.isPending ? 'Saving…' : 'Save draft'}
            </Button>
            <Button variant="outline" disabled={busy || problems.length > 0} onClick={() => void onTest()}>
              {mutations.sendTest.isPending ? 'Sending test…' : 'Send test to me'}
            </Button>
            <Button disabled={busy || problems.length > 0} onClick={() => setConfirmSend(true)}>
              <SendIcon className="size-4" aria-hidden="true" />
              Send now
            </Button>
          </div>
          {newsletter?.last_test_sent_at && (
            <p className="text-sm text-stone-700">
              Last test sent {formatWhen(newsletter.last_test_sent_at)}.
            </p>
          )}
          <fieldset className="space-y-2 border-t border-stone-200 pt-4">
            <legend className="text-sm font-semibold text-stone-900">Or send later</legend>
            <div className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="newsletter-schedule" className="block text-sm font-medium text-stone-800">
                  Send on
                </label>
                <input
                  id="newsletter-schedule"
                  type="datetime-local"
                  value={scheduleAt}
                  min={toLocalInput(new Date())}
                  onChange={(e) => setScheduleAt(e.target.value)}
                  className="block h-11 rounded-lg border border-stone-300 bg-white px-3 text-base"
                />
              </div>
              <Button
                variant="outline"
                disabled={busy || problems.length > 0}
                onClick={() => void onSchedule()}
              >
                {newsletter?.status === 'scheduled' ? 'Change schedule' : 'Schedule'}
              </Button>
            </div>
          </fieldset>
        </form>
        <EmailPreview draft={form.values} sender={sender} />
      </div>
      <AlertDialog open={confirmSend} onOpenChange={(open) => !open && !busy && setConfirmSend(false)}>
        <AlertDialogContent
          title="Send this newsletter now?"
          description={
            recipients === undefined
              ? 'It goes to every subscribed address that confirmed its subscription. This cannot be undone.'
              : recipients === 0
                ? 'Nobody has confirmed a subscription yet, so there is no one to send it to.'
                : `It goes to ${recipients} confirmed subscriber${recipients === 1 ? '' : 's'}, in batches. This cannot be undone.`
          }
          confirmLabel={mutations.sendNow.isPending ? 'Starting…' : 'Send now'}
          pending={busy}
          onConfirm={() => void onSendNow()}
        />
      </AlertDialog>
    </div>
  )
}

/** /admin/newsletter/new and /admin/newsletter/edit/{id}. */
export function NewsletterEditorPage({ id, sender }: { id?: string; sender: NewsletterSender }) {
  const newsletter = useNewsletter(id)
  if (id && newsletter.isPending) {
    return (
      <div className="space-y-4" aria-busy="true">
        <h1 className="sr-only">Loading the newsletter</h1>
        <Skeleton className="h-9 w-72" />
        <Skeleton className="h-96 w-full" />
        <span className="sr-only" role="status">
          Loading the newsletter…
        </span>
      </div>
    )
  }
  if (id && newsletter.error instanceof NewsletterNotFound) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-stone-900">Newsletter not found</h1>
        <Alert variant="warning" role="status" title="There is no newsletter with this id.">
          It may have been deleted, or the link is incomplete.
        </Alert>
        <ButtonLink to={paths.admin.newsletter.getHref()} variant="outline">
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to newsletters
        </ButtonLink>
      </div>
    )
  }
  if (id && newsletter.error) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-bold text-stone-900">Edit Newsletter</h1>
        <Alert
          variant="error"
          title="We could not load this newsletter."
          action={
            <Button variant="outline" size="sm" onClick={() => void newsletter.refetch()}>
              Try again
            </Button>
          }
        >
          {newsletter.error.message}
        </Alert>
      </div>
    )
  }
  const data = newsletter.data
  if (data && (data.status === 'sending' || data.status === 'sent'))
    return <NewsletterReport newsletter={data} sender={sender} />
  return <Composer key={data?.id ?? 'new'} newsletter={data} sender={sender} />
}
