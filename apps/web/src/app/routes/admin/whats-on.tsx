import { useSearchParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Field, NativeSelect } from '../../../components/ui/field'
import { paths } from '../../../config/paths'
import {
  WHATS_ON_STATUS_LABELS,
  WHATS_ON_STATUSES,
  type WhatsOnStatus,
} from '../../../features/whats-on/api/manage-whats-on'
import { WhatsOnItemForm } from '../../../features/whats-on/components/whats-on-form'
import { WhatsOnManager } from '../../../features/whats-on/components/whats-on-manager'

const isStatus = (v: string | null): v is WhatsOnStatus => WHATS_ON_STATUSES.some((s) => s === v)

/** /admin/whats-on: approve the stores' specials, and publish the centre's events (issue 18, item 4). */
export default function AdminWhatsOnPage() {
  const [params, setParams] = useSearchParams()
  const requested = params.get('status')
  // Awaiting approval first: that is what needs the admin. '' in the URL means every status.
  const status = requested === 'all' ? undefined : isStatus(requested) ? requested : 'submitted'
  return (
    <>
      <PageMeta
        title={paths.admin.whatsOn.title}
        description="Events and the stores' specials: approval and publishing."
        path={paths.admin.whatsOn.getHref()}
        noindex
      />
      <h1 className="text-2xl font-bold text-stone-900">{paths.admin.whatsOn.title}</h1>
      <p className="mt-1 text-stone-600">
        Nothing appears on the site until it is approved; items leave it by themselves when they end.
      </p>
      <div className="mt-6 grid gap-6 xl:grid-cols-[1fr_26rem]">
        <Card>
          <CardHeader>
            <CardTitle>Events and specials</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Field label="Show" className="max-w-xs">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={status ?? 'all'}
                  onChange={(e) =>
                    setParams(
                      (p) => {
                        p.set('status', e.target.value)
                        return p
                      },
                      { replace: true },
                    )
                  }
                >
                  {WHATS_ON_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {WHATS_ON_STATUS_LABELS[s]}
                    </option>
                  ))}
                  <option value="all">All</option>
                </NativeSelect>
              )}
            </Field>
            <WhatsOnManager area="admin" status={status} />
          </CardContent>
        </Card>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>New event</CardTitle>
            <CardDescription>The centre's own events. Publish at once, or keep a draft.</CardDescription>
          </CardHeader>
          <CardContent>
            <WhatsOnItemForm
              kind="event"
              shopId={null}
              heading="Event details"
              actions={[
                { status: 'approved', label: 'Publish event', primary: true },
                { status: 'draft', label: 'Save draft' },
              ]}
            />
          </CardContent>
        </Card>
      </div>
    </>
  )
}
