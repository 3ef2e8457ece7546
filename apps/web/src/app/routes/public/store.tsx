import { formatOpeningHours, toOpeningHoursSpecification } from '@genesis/contracts/opening-hours'
import { Link, useParams } from 'react-router'
import { PageMeta } from '../../../components/seo/page-meta'
import { Button, ButtonLink } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { paths } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { useMinuteClock, usePowerStatuses } from '../../../features/power-status/api/get-power-statuses'
import {
  CentrePowerPanel,
  ShopPowerStatus,
} from '../../../features/power-status/components/centre-power-panel'
import type { Shop } from '../../../features/stores/api/get-shops'
import { useStorePage } from '../../../features/stores/api/get-store-page'
import { StoreBreadcrumb, StoreDetail } from '../../../features/stores/components/store-detail'
import { StoreLogo } from '../../../features/stores/components/store-logo'

function storeJsonLd(shop: Shop, centreName: string, base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: shop.tradingName,
    description: shop.description || undefined,
    url: `${base}${paths.store.getHref(shop.slug)}`,
    telephone: shop.phone || undefined,
    sameAs: shop.website ? [shop.website] : undefined,
    containedInPlace: { '@type': 'ShoppingCenter', '@id': `${base}/#centre`, name: centreName },
    openingHoursSpecification: toOpeningHoursSpecification(shop.tradingHours),
  }
}

export default function StoreRoute() {
  const { slug = '' } = useParams()
  // The store and what its strips show, not the whole shop list (get-store-page.ts, decision 043).
  const page = useStorePage(slug)
  const centre = useCentreSettings()
  const power = usePowerStatuses()
  const now = useMinuteClock()
  const shop = page.data?.shop
  const container = 'mx-auto max-w-7xl px-4 py-10 sm:px-6'

  if (page.isPending) {
    return (
      <div className={container} aria-busy="true">
        <span className="sr-only">Loading store…</span>
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-8 h-10 w-2/3" />
        <Skeleton className="mt-6 h-40 w-full" />
      </div>
    )
  }
  if (page.isError) {
    return (
      <div className={container}>
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-8 text-center">
          <h1 className="text-xl font-semibold text-red-900">Error Loading Stores</h1>
          <p className="mt-1 text-red-800">Failed to load store data. Please try again later.</p>
          <Button
            variant="outline"
            className="mt-5"
            disabled={page.isFetching}
            onClick={() => void page.refetch()}
          >
            {page.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        </div>
      </div>
    )
  }
  if (!shop) {
    return (
      <div className={container}>
        <PageMeta
          title="Store not found"
          description="This store is not in our directory."
          path={paths.store.getHref(slug)}
          noindex
        />
        <StoreBreadcrumb name="Not found" />
        <div className="mt-10 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h1 className="text-2xl font-bold text-stone-900">Store not found.</h1>
          <ButtonLink to={paths.stores.getHref()} variant="outline" className="mt-6">
            Back to Store Directory
          </ButtonLink>
        </div>
      </div>
    )
  }
  const hours = formatOpeningHours(shop.tradingHours)
  return (
    <div className={container}>
      <PageMeta
        title={shop.tradingName}
        description={[
          `${shop.tradingName} at ${centre.centre_name}, ${shop.floor}, shop ${shop.shopNo}.`,
          shop.description,
          hours && `Hours: ${hours}.`,
        ]
          .filter(Boolean)
          .join(' ')
          .slice(0, 300)}
        path={paths.store.getHref(shop.slug)}
        jsonLd={(base) => storeJsonLd(shop, centre.centre_name, base)}
      />
      <StoreDetail
        shop={shop}
        floor={page.data?.floor ?? { units: [shop.shopNo], before: 0, after: 0 }}
        live={
          <section aria-label="Power and trading status" className="space-y-2">
            <ShopPowerStatus statuses={power.data} shopId={shop.id} now={now} />
            <CentrePowerPanel statuses={power.data} now={now} pending={power.isPending} />
          </section>
        }
      />
      <MoreInCategory shop={shop} related={page.data?.related ?? []} />
    </div>
  )
}

/** Up to three other stores of the same category, so a visitor can go on browsing (issue 15, §2). */
function MoreInCategory({ shop, related }: { shop: Shop; related: Shop[] }) {
  if (related.length === 0) return null
  return (
    <section aria-labelledby="more-in-category" className="mt-14 border-t border-stone-200 pt-10">
      <h2 id="more-in-category" className="text-2xl font-bold text-stone-900">
        More in {shop.category}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {related.map((other) => (
          <li
            key={other.id}
            className="relative flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm transition focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700 hover:border-brand-300 hover:shadow-md"
          >
            <StoreLogo shop={other} className="size-12 text-base" />
            <div className="min-w-0">
              <Link
                to={paths.store.getHref(other.slug)}
                className="font-semibold text-stone-900 after:absolute after:inset-0 focus:outline-none"
              >
                {other.tradingName}
              </Link>
              <p className="text-sm text-stone-600">
                {other.floor} · Shop {other.shopNo}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
