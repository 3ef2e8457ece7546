import { type FormEvent, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Checkbox } from '../../../components/ui/checkbox'
import { Field, TextArea, TextInput } from '../../../components/ui/field'
import { LiveIndicator } from '../../../components/ui/live-indicator'
import { Markdown as NoticeMarkdown } from '../../../components/ui/markdown'
import { Skeleton } from '../../../components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { notify } from '../../../components/ui/toasts'
import { useShopOptions } from '../../../lib/use-shop-options'
import { type FieldErrors, useValidatedForm } from '../../../lib/use-validated-form'
import {
  isPublished,
  type Notice,
  type NoticeForm,
  NoticeFormSchema,
  useNoticeMutations,
  useNoticeReadership,
  useNotices,
} from '../api/notices'

const when = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short' })
const EMPTY: NoticeForm = { title: '', body: '', audience: 'all', shop_ids: [] }

function NoticeEditor({ notice, onDone }: { notice: Notice | null; onDone: () => void }) {
  const form = useValidatedForm<NoticeForm>(() =>
    notice
      ? { title: notice.title, body: notice.body, audience: notice.audience, shop_ids: notice.shop_ids }
      : EMPTY,
  )
  const shops = useShopOptions()
  const { save } = useNoticeMutations()
  const errors = form.errors as FieldErrors<NoticeForm>

  async function submit(event: FormEvent, publish: boolean) {
    event.preventDefault()
    const parsed = form.validate(NoticeFormSchema)
    if (!parsed) return
    try {
      await save.mutateAsync({ id: notice?.id, form: parsed, publish })
      notify.success(publish ? `Published: ${parsed.title}` : `Saved, not published: ${parsed.title}`)
      form.reset(EMPTY)
      onDone()
    } catch (e) {
      form.setFormError(e instanceof Error ? e.message : String(e))
    }
  }

  const toggleShop = (id: string, on: boolean) =>
    form.set('shop_ids')(on ? [...form.values.shop_ids, id] : form.values.shop_ids.filter((s) => s !== id))

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e, true)}
      className="space-y-4 rounded-xl border border-stone-200 bg-white p-4"
      aria-labelledby="notice-editor-title"
    >
      <h2 id="notice-editor-title" className="text-lg font-semibold text-stone-900">
        {notice ? `Edit notice: ${notice.title}` : 'New notice'}
      </h2>
      {form.formError && (
        <Alert variant="error" title="The notice was not saved.">
          {form.formError}
        </Alert>
      )}
      <Field label="Title" required error={errors.title}>
        {(control) => (
          <TextInput
            {...control}
            value={form.values.title}
            onChange={(e) => form.set('title')(e.target.value)}
          />
        )}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">To</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="audience"
              checked={form.values.audience === 'all'}
              onChange={() => form.set('audience')('all')}
            />
            All tenants
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="audience"
              checked={form.values.audience === 'shops'}
              onChange={() => form.set('audience')('shops')}
            />
            Chosen shops
          </label>
        </div>
        {form.values.audience === 'shops' && (
          <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-stone-200 p-2">
            {shops.isPending && <p className="text-sm text-stone-600">Loading shops…</p>}
            {(shops.data ?? []).map((s) => {
              const id = `notice-shop-${s.id}`
              return (
                <div key={s.id} className="flex items-center gap-2 text-sm">
                  <Checkbox
                    id={id}
                    checked={form.values.shop_ids.includes(s.id)}
                    onCheckedChange={(on) => toggleShop(s.id, on === true)}
                  />
                  <label htmlFor={id}>
                    {s.shop_no} {s.trading_name}
                  </label>
                </div>
              )
            })}
          </div>
        )}
        {errors.shop_ids && <p className="text-sm text-red-700">{errors.shop_ids}</p>}
      </fieldset>
      <Tabs defaultValue="write">
        <TabsList>
          <TabsTrigger value="write">Write</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="write">
          <Field label="Notice (Markdown)" required error={errors.body}>
            {(control) => (
              <TextArea
                {...control}
                className={`${control.className} min-h-48 font-mono text-sm`}
                value={form.values.body}
                onChange={(e) => form.set('body')(e.target.value)}
              />
            )}
          </Field>
          <p className="mt-1 text-xs text-stone-600">**bold**, *italic*, - lists, [links](https://…)</p>
        </TabsContent>
        <TabsContent value="preview">
          <section
            aria-label="Preview"
            className="min-h-48 rounded-lg border border-dashed border-stone-300 p-3"
          >
            {form.values.title && <h3 className="mb-2 font-semibold text-stone-900">{form.values.title}</h3>}
            {form.values.body.trim() ? (
              <NoticeMarkdown text={form.values.body} />
            ) : (
              <p className="text-sm text-stone-600">Nothing to preview yet.</p>
            )}
          </section>
        </TabsContent>
      </Tabs>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Publish'}
        </Button>
        <Button
          variant="outline"
          disabled={save.isPending}
          onClick={(e) => void submit(e as unknown as FormEvent, false)}
        >
          Save without publishing
        </Button>
        {notice && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

/**
 * Notices (issue 13, item 7): write a notice to every tenant or to chosen shops in Markdown with a
 * preview, publish it (tenants see it on their dashboard live), take it down, edit it.
 */
export function NoticeBoard() {
  const notices = useNotices()
  const readership = useNoticeReadership()
  const { publish } = useNoticeMutations()
  const [editing, setEditing] = useState<Notice | null>(null)
  const shops = useShopOptions()
  const shopLabel = (ids: string[]) =>
    ids.map((id) => shops.data?.find((s) => s.id === id)?.shop_no ?? '…').join(', ')

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-stone-900">Notices</h1>
        <LiveIndicator state={notices.live} />
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <NoticeEditor key={editing?.id ?? 'new'} notice={editing} onDone={() => setEditing(null)} />
        <section aria-labelledby="notices-list" className="space-y-3">
          <h2 id="notices-list" className="text-lg font-semibold text-stone-900">
            All notices
          </h2>
          {notices.isPending ? (
            <div aria-busy="true" className="space-y-2">
              <Skeleton className="h-24" />
              <Skeleton className="h-24" />
            </div>
          ) : notices.error ? (
            <Alert
              variant="error"
              title="We could not load the notices."
              action={
                <Button variant="outline" size="sm" onClick={() => void notices.refetch()}>
                  Try again
                </Button>
              }
            >
              {notices.error.message}
            </Alert>
          ) : notices.data.length === 0 ? (
            <p className="text-sm text-stone-600">No notices yet. Write the first one here.</p>
          ) : (
            <ul className="space-y-3" aria-label="Notices">
              {notices.data.map((n) => {
                const live = isPublished(n)
                return (
                  <li key={n.id} className="rounded-xl border border-stone-200 bg-white p-4">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h3 className="font-semibold text-stone-900">{n.title}</h3>
                      {live ? (
                        <Badge variant="success">Published</Badge>
                      ) : (
                        <Badge variant="secondary">Not published</Badge>
                      )}
                    </div>
                    <p className="mt-1 text-xs text-stone-600">
                      {n.audience === 'all' ? 'All tenants' : `Shops ${shopLabel(n.shop_ids)}`}
                      {live ? ` · since ${when.format(new Date(n.published_at))}` : ''}
                      {live && readership.data?.get(n.id)
                        ? ` · ${readLabel(readership.data.get(n.id)!)}`
                        : ''}
                    </p>
                    <div className="mt-2 line-clamp-4">
                      <NoticeMarkdown text={n.body} />
                    </div>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => setEditing(n)}>
                        Edit<span className="sr-only"> {n.title}</span>
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={publish.isPending}
                        onClick={() =>
                          publish
                            .mutateAsync({ id: n.id, publish: !live })
                            .then(() =>
                              notify.success(live ? `Unpublished: ${n.title}` : `Published: ${n.title}`),
                            )
                            .catch((e: Error) =>
                              notify.error('The notice was not changed', { description: e.message }),
                            )
                        }
                      >
                        {live ? 'Unpublish' : 'Publish'}
                        <span className="sr-only"> {n.title}</span>
                      </Button>
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}

/** "Read by 1 of 2 tenants". */
function readLabel(r: { read: number; addressed: number }): string {
  if (r.addressed === 0) return 'reaches no tenant with a portal account yet'
  return `read by ${r.read} of ${r.addressed} ${r.addressed === 1 ? 'tenant' : 'tenants'}`
}
