import { formatArea } from '@genesis/contracts/area'
import { addDays, exceptionsOf, formatShortDate, sastClock } from '@genesis/contracts/open-now'
import { openingHoursLines } from '@genesis/contracts/opening-hours'
import { formatSaMobile } from '@genesis/contracts/whatsapp'
import {
  ChevronRightIcon,
  ClockIcon,
  ExternalLinkIcon,
  MapPinIcon,
  MessageCircleIcon,
  PhoneIcon,
  RulerIcon,
} from 'lucide-react'
import { type ReactNode, useMemo } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { WhatsAppLink } from '../../../components/ui/whatsapp-link'
import { paths } from '../../../config/paths'
import type { Shop } from '../api/get-shops'
import type { FloorWindow } from '../api/get-store-page'
import { type TradingCalendarData, useTradingCalendar } from '../api/get-trading-calendar'
import { FloorDiagram } from './floor-diagram'
import { OpenStatusChip } from './open-status-chip'
import { StoreLogo } from './store-logo'
import { useMinute } from './use-minute'
import { useOpenStatuses } from './use-open-status'

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
const websiteLabel = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '')

export function StoreBreadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-stone-600">
        <li>
          <Link to={paths.home.getHref()} className="hover:text-stone-900 hover:underline">
            Home
          </Link>
        </li>
        <ChevronRightIcon className="size-4" aria-hidden="true" />
        <li>
          <Link to={paths.stores.getHref()} className="hover:text-stone-900 hover:underline">
            Stores
          </Link>
        </li>
        <ChevronRightIcon className="size-4" aria-hidden="true" />
        <li aria-current="page" className="font-medium text-stone-900">
          {name}
        </li>
      </ol>
    </nav>
  )
}

/**
 * One store's page (docs/product/site.md §2): breadcrumb, floor and shop number, phone, website,
 * hours per day, and where it is on its floor (issue 15 §2) among its neighbours (`floor`).
 */
export function StoreDetail({ shop, floor, live }: { shop: Shop; floor: FloorWindow; live?: ReactNode }) {
  const hours = openingHoursLines(shop.tradingHours)
  const subjects = useMemo(() => [{ id: shop.id, hours: shop.tradingHours }], [shop])
  const status = useOpenStatuses(subjects)?.get(shop.id)
  const calendar = useTradingCalendar()
  const today = sastClock(useMinute()).date
  const comingUp = calendar ? upcomingDays(calendar, shop.id, today) : []
  return (
    <article>
      <StoreBreadcrumb name={shop.tradingName} />
      <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-center">
        <StoreLogo shop={shop} className="size-20 text-2xl" eager />
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{shop.tradingName}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Badge variant="accent">{shop.category}</Badge>
            <span className="flex items-center gap-1 text-stone-600">
              <MapPinIcon className="size-4" aria-hidden="true" />
              {shop.floor} · Shop {shop.shopNo}
            </span>
          </div>
          {status && status.state !== 'unknown' && (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <OpenStatusChip status={status} className="text-sm" />
              {status.note && <span>{status.note}</span>}
              <span className="text-stone-500">South African time</span>
            </p>
          )}
        </div>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {live}
          {shop.description && <p className="text-lg leading-relaxed text-stone-700">{shop.description}</p>}
          <Card className="p-6">
            <h2 className="text-lg font-semibold text-stone-900">Contact</h2>
            <dl className="mt-4 space-y-3">
              <div className="flex items-center gap-3">
                <dt>
                  <PhoneIcon className="size-5 text-brand-700" aria-label="Phone" />
                </dt>
                <dd>
                  {shop.phone ? (
                    <a href={telHref(shop.phone)} className="font-medium text-brand-800 hover:underline">
                      {shop.phone}
                    </a>
                  ) : (
                    <span className="text-stone-500">No phone number listed</span>
                  )}
                </dd>
              </div>
              {shop.whatsapp && (
                <div className="flex items-center gap-3">
                  <dt>
                    <MessageCircleIcon className="size-5 text-brand-700" aria-label="WhatsApp" />
                  </dt>
                  <dd>
                    <WhatsAppLink
                      number={shop.whatsapp}
                      page={`${shop.tradingName} page`}
                      label={`Chat on WhatsApp: ${formatSaMobile(shop.whatsapp)}`}
                    />
                  </dd>
                </div>
              )}
              {shop.website && (
                <div className="flex items-center gap-3">
                  <dt>
                    <ExternalLinkIcon className="size-5 text-brand-700" aria-label="Website" />
                  </dt>
                  <dd>
                    <a
                      href={shop.website}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {websiteLabel(shop.website)}
                    </a>
                  </dd>
                </div>
              )}
              <div className="flex items-center gap-3">
                <dt>
                  <MapPinIcon className="size-5 text-brand-700" aria-label="Location" />
                </dt>
                <dd>
                  {shop.floor}, Shop {shop.shopNo}
                </dd>
              </div>
              {shop.gla !== null && (
                <div className="flex items-center gap-3">
                  <dt>
                    <RulerIcon className="size-5 text-brand-700" aria-label="Size" />
                  </dt>
                  <dd>{formatArea(shop.gla)}</dd>
                </div>
              )}
            </dl>
          </Card>
        </div>
        <div className="space-y-6">
          <Card className="h-fit p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-stone-900">
              <ClockIcon className="size-5 text-brand-700" aria-hidden="true" />
              Trading Hours
            </h2>
            {hours.length > 0 ? (
              <dl className="mt-4 divide-y divide-stone-100">
                {hours.map((line) => (
                  <div key={line.days} className="flex justify-between gap-4 py-2">
                    <dt className="font-medium text-stone-800">{line.days}</dt>
                    <dd className={line.hours === 'Closed' ? 'text-stone-500' : 'text-stone-700'}>
                      {line.hours}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="mt-4 text-stone-600">Trading hours not listed. Please call the store.</p>
            )}
            {comingUp.length > 0 && (
              <div className="mt-4 border-t border-stone-100 pt-4">
                <h3 className="text-sm font-semibold text-stone-900">Coming up</h3>
                <ul className="mt-2 space-y-1.5 text-sm text-stone-700">
                  {comingUp.map((day) => (
                    <li key={day.date} className="flex justify-between gap-4">
                      <span className="font-medium text-stone-800">{formatShortDate(day.date)}</span>
                      <span className="text-right">{day.text}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </Card>
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-stone-900">
              <MapPinIcon className="size-5 text-brand-700" aria-hidden="true" />
              Where to find us
            </h2>
            <div className="mt-4">
              <FloorDiagram shop={shop} floor={floor} />
            </div>
          </Card>
        </div>
      </div>
      <ButtonLink to={paths.stores.getHref()} variant="outline" className="mt-10">
        Back to Store Directory
      </ButtonLink>
    </article>
  )
}

/** The next two weeks' exceptions of this store and public holidays, in the visitor's words. */
function upcomingDays(calendar: TradingCalendarData, shopId: string, today: string) {
  const last = addDays(today, 14)
  const days = new Map<string, string>()
  for (const h of calendar.holidays) {
    if (h.holiday_date < today || h.holiday_date > last) continue
    days.set(h.holiday_date, `${h.name}: ${h.centre_closed ? 'closed' : 'Sunday hours'}`)
  }
  // The store's own word for a date beats the holiday's.
  for (const e of exceptionsOf(calendar.exceptions, shopId)) {
    if (e.exception_date < today || e.exception_date > last) continue
    const what = e.closed ? 'Closed' : (e.hours ?? '')
    days.set(e.exception_date, e.reason ? `${e.reason}: ${what}` : what)
  }
  return [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, text]) => ({ date, text }))
}
