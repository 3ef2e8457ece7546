import { formatArea } from '@genesis/contracts/area'
import { openingHoursLines } from '@genesis/contracts/opening-hours'
import { ChevronRightIcon, ClockIcon, ExternalLinkIcon, MapPinIcon, PhoneIcon, RulerIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { ButtonLink } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { paths } from '../../../config/paths'
import type { Shop } from '../api/get-shops'
import { FloorDiagram } from './floor-diagram'
import { StoreLogo } from './store-logo'

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
 * hours per day, and where it is on its floor (issue 15 §2) among `shops`, the directory's rows.
 */
export function StoreDetail({ shop, shops, status }: { shop: Shop; shops: Shop[]; status?: ReactNode }) {
  const hours = openingHoursLines(shop.tradingHours)
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
        </div>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          {status}
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
          </Card>
          <Card className="p-6">
            <h2 className="flex items-center gap-2 text-lg font-semibold text-stone-900">
              <MapPinIcon className="size-5 text-brand-700" aria-hidden="true" />
              Where to find us
            </h2>
            <div className="mt-4">
              <FloorDiagram shop={shop} shops={shops} />
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
