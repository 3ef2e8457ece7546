import { formatWhatsOnDates, WHATS_ON_KIND_LABELS, type WhatsOnItem } from '@genesis/contracts/whats-on'
import { CalendarDaysIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { paths } from '../../../config/paths'
import { whatsOnImageUrl } from '../api/get-whats-on'

/** One event or special in a list: image, kind, title, store, dates; the whole card links to its page. */
export function WhatsOnCard({
  item,
  headingLevel = 'h2',
}: {
  item: WhatsOnItem
  headingLevel?: 'h2' | 'h3'
}) {
  const Heading = headingLevel
  return (
    <li
      data-testid="whats-on-item"
      className="relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 hover:border-brand-300 hover:shadow-md"
    >
      {item.image_path ? (
        <img
          src={whatsOnImageUrl(item.image_path)}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div className="flex aspect-video w-full items-center justify-center bg-brand-50" aria-hidden="true">
          <CalendarDaysIcon className="size-10 text-brand-700" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant={item.kind === 'event' ? 'info' : 'accent'}>{WHATS_ON_KIND_LABELS[item.kind]}</Badge>
          {item.shop_name && <span className="font-medium text-stone-700">{item.shop_name}</span>}
        </div>
        <Heading className="text-lg leading-snug font-semibold text-stone-900">
          <Link
            to={paths.whatsOnItem.getHref(item.id)}
            className="after:absolute after:inset-0 focus:outline-none"
          >
            {item.title}
          </Link>
        </Heading>
        <p className="text-sm text-stone-600">{formatWhatsOnDates(item)}</p>
        <p className="line-clamp-2 text-sm text-stone-700">{item.body}</p>
      </div>
    </li>
  )
}
