import { formatWhatsOnDates } from '@genesis/contracts/whats-on'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Field, TextInput } from '../../../components/ui/field'
import { LiveIndicator } from '../../../components/ui/live-indicator'
import { Skeleton } from '../../../components/ui/skeleton'
import { notify } from '../../../components/ui/toasts'
import { paths } from '../../../config/paths'
import {
  type ManagedWhatsOnItem,
  useManagedWhatsOn,
  useWhatsOnMutations,
  WHATS_ON_STATUS_LABELS,
  type WhatsOnStatus,
} from '../api/manage-whats-on'

const STATUS_VARIANT: Record<WhatsOnStatus, BadgeVariant> = {
  draft: 'secondary',
  submitted: 'warning',
  approved: 'success',
  rejected: 'danger',
}

/**
 * Every item the signed-in user may manage, newest first, with what they may do to each: an admin
 * approves, rejects (with a reason the tenant reads) and removes; a tenant submits their drafts and
 * removes what is not approved yet. The list follows changes live.
 */
export function WhatsOnManager({
  area,
  shopId,
  status,
}: {
  area: 'admin' | 'tenant'
  shopId?: string
  status?: WhatsOnStatus
}) {
  const items = useManagedWhatsOn({ shopId, status })
  if (items.isPending) return <Skeleton className="h-32 w-full" />
  if (items.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        The list could not be loaded: {items.error.message}
      </p>
    )
  return (
    <div className="space-y-3">
      <LiveIndicator state={items.live} liveText="Updates live" />
      {items.data.length === 0 ? (
        <p className="text-sm text-stone-600">Nothing here yet.</p>
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-xl border border-stone-200"
          aria-label="Events and specials"
        >
          {items.data.map((item) => (
            <ManagedRow key={item.id} item={item} area={area} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ManagedRow({ item, area }: { item: ManagedWhatsOnItem; area: 'admin' | 'tenant' }) {
  const { review, remove } = useWhatsOnMutations()
  const [rejecting, setRejecting] = useState(false)
  const [note, setNote] = useState('')
  const busy = review.isPending || remove.isPending
  const ended = Date.parse(item.ends_at) <= Date.now()

  async function act(fn: () => Promise<unknown>, done: string) {
    try {
      await fn()
      notify.success(done)
    } catch (e) {
      notify.error('That did not work', { description: e instanceof Error ? e.message : String(e) })
    }
  }

  return (
    <li className="space-y-2 p-4" data-testid="managed-whats-on-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={STATUS_VARIANT[item.status]}>{WHATS_ON_STATUS_LABELS[item.status]}</Badge>
        <Badge variant="outline">{item.kind === 'event' ? 'Event' : 'Special'}</Badge>
        {item.shop && (
          <span className="text-sm text-stone-600">
            {item.shop.shop_no} {item.shop.trading_name}
          </span>
        )}
        {ended && <span className="text-sm text-stone-500">Ended</span>}
      </div>
      <p className="font-semibold text-stone-900">
        {item.status === 'approved' && !ended ? (
          <Link to={paths.whatsOnItem.getHref(item.id)} className="underline underline-offset-2">
            {item.title}
          </Link>
        ) : (
          item.title
        )}
      </p>
      <p className="text-sm text-stone-600">{formatWhatsOnDates(item)} (SAST)</p>
      <p className="line-clamp-3 text-sm text-stone-700">{item.body}</p>
      {item.review_note && <p className="text-sm text-stone-700">Review note: {item.review_note}</p>}
      <div className="flex flex-wrap gap-2">
        {area === 'admin' && item.status !== 'approved' && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              void act(
                () => review.mutateAsync({ id: item.id, status: 'approved', note: '' }),
                `Approved: ${item.title}`,
              )
            }
          >
            Approve
          </Button>
        )}
        {area === 'admin' && item.status !== 'rejected' && !rejecting && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejecting(true)}>
            {item.status === 'approved' ? 'Withdraw' : 'Reject'}
          </Button>
        )}
        {area === 'tenant' && (item.status === 'draft' || item.status === 'rejected') && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              void act(
                () => review.mutateAsync({ id: item.id, status: 'submitted' }),
                `Sent for approval: ${item.title}`,
              )
            }
          >
            Submit for approval
          </Button>
        )}
        {(area === 'admin' || item.status !== 'approved') && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void act(() => remove.mutateAsync(item.id), `Removed: ${item.title}`)}
          >
            Remove
          </Button>
        )}
      </div>
      {rejecting && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            void act(
              () => review.mutateAsync({ id: item.id, status: 'rejected', note }),
              `Rejected: ${item.title}`,
            ).then(() => setRejecting(false))
          }}
        >
          <Field label="Reason for the tenant" className="min-w-64 flex-1">
            {(control) => (
              <TextInput
                {...control}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          <Button size="sm" type="submit" disabled={busy}>
            Confirm
          </Button>
          <Button size="sm" variant="outline" type="button" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </form>
      )}
    </li>
  )
}
