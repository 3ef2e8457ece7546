import { formatWhatsOnDates, WHATS_ON_KIND_LABELS } from '@genesis/contracts/whats-on'
import { eventIcs, whatsOnJsonLd } from '@genesis/contracts/whats-on-page'
import { CalendarPlusIcon, ChevronRightIcon } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { serverEnv, siteUrl } from '../../../config/env'
import { paths } from '../../../config/paths'
import { fullAddress, useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { useMinuteClock } from '../../../features/power-status/api/get-power-statuses'
import { useWhatsOn, whatsOnImageUrl } from '../../../features/whats-on/api/get-whats-on'

/** The site's base URL, on the gateway (a page rendered on request) as in the browser. */
function baseUrl(): string {
  if (import.meta.env.SSR) {
    const server = serverEnv()
    return (server?.siteUrl ?? server?.supabaseUrl ?? '').replace(/\/$/, '')
  }
  return siteUrl()
}

/** /whats-on/:id: one event (with an .ics to add it to a calendar) or special, with its JSON-LD. */
export default function WhatsOnItemRoute() {
  const { id = '' } = useParams()
  const centre = useCentreSettings()
  const now = useMinuteClock()
  const items = useWhatsOn(now)
  const item = items.data?.find((i) => i.id === id)
  const container = 'mx-auto max-w-4xl px-4 py-10 sm:px-6'

  const breadcrumb = (name: string) => (
    <nav aria-label="Breadcrumb">
      <ol className="flex items-center gap-1 text-sm text-stone-600">
        <li>
          <Link to={paths.whatsOn.getHref()} className="hover:underline">
            What's on
          </Link>
        </li>
        <li aria-hidden="true">
          <ChevronRightIcon className="size-4" />
        </li>
        <li aria-current="page" className="truncate font-medium text-stone-900">
          {name}
        </li>
      </ol>
    </nav>
  )

  if (items.isPending)
    return (
      <div className={container} aria-busy="true">
        <span className="sr-only">Loading…</span>
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-8 h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    )
  if (!item)
    return (
      <div className={container}>
        <PageMeta
          title="Not on any more"
          description="This event or special has ended or does not exist."
          path={paths.whatsOnItem.getHref(id)}
          noindex
        />
        {breadcrumb('Not found')}
        <div className="mt-10 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h1 className="text-2xl font-bold text-stone-900">This event or special is not on any more.</h1>
          <ButtonLink to={paths.whatsOn.getHref()} variant="outline" className="mt-6">
            See what's on
          </ButtonLink>
        </div>
      </div>
    )

  const base = baseUrl()
  const url = `${base}${paths.whatsOnItem.getHref(item.id)}`
  const imageUrl = item.image_path ? whatsOnImageUrl(item.image_path) : null
  const ics =
    item.kind === 'event'
      ? eventIcs(item, {
          url,
          location: [centre.centre_name, fullAddress(centre)].filter(Boolean).join(', '),
          host: base.replace(/^https?:\/\//, '') || 'localhost',
        })
      : null
  return (
    <article className={container}>
      <PageMeta
        title={item.title}
        description={`${WHATS_ON_KIND_LABELS[item.kind]} at ${item.shop_name ?? centre.centre_name}, ${formatWhatsOnDates(item)}. ${item.body}`.slice(
          0,
          300,
        )}
        path={paths.whatsOnItem.getHref(item.id)}
        jsonLd={(site) =>
          whatsOnJsonLd(item, {
            url: `${site}${paths.whatsOnItem.getHref(item.id)}`,
            imageUrl,
            centreName: centre.centre_name,
            centreUrl: site,
          })
        }
      />
      {breadcrumb(item.title)}
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <Badge variant={item.kind === 'event' ? 'info' : 'accent'}>{WHATS_ON_KIND_LABELS[item.kind]}</Badge>
        {item.shop_name && <span className="font-medium text-stone-700">{item.shop_name}</span>}
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{item.title}</h1>
      <p className="mt-3 text-lg text-stone-700">
        <time dateTime={item.starts_at}>{formatWhatsOnDates(item)}</time>{' '}
        <span className="text-stone-500">(SAST)</span>
      </p>
      {imageUrl && (
        <img
          src={imageUrl}
          alt=""
          width={1280}
          height={720}
          decoding="async"
          className="mt-8 aspect-video w-full rounded-2xl border border-stone-200 object-cover"
        />
      )}
      <p className="mt-8 text-lg leading-relaxed whitespace-pre-line text-stone-800">{item.body}</p>
      {ics && (
        <a
          href={`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`}
          download={`${
            item.title
              .replace(/[^\w-]+/g, '-')
              .replace(/^-|-$/g, '')
              .toLowerCase() || 'event'
          }.ics`}
          className="mt-8 inline-flex h-11 items-center gap-2 rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <CalendarPlusIcon className="size-5" aria-hidden="true" />
          Add to calendar (.ics)
        </a>
      )}
    </article>
  )
}
