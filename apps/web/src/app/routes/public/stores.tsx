import { hasActiveFilters, sortStores } from '@genesis/contracts/store-directory'
import { PageMeta } from '../../../components/seo/page-meta'
import { PageHero } from '../../../components/ui/section'
import { paths } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { useMinuteClock, usePowerStatuses } from '../../../features/power-status/api/get-power-statuses'
import {
  CentrePowerPanel,
  ShopPowerStatus,
} from '../../../features/power-status/components/centre-power-panel'
import { HAND_OVER_EVERY_SHOP_UP_TO } from '../../../features/stores/api/directory-window'
import { type Shop, useShops } from '../../../features/stores/api/get-shops'
import { StoreDirectory } from '../../../features/stores/components/store-directory'
import { useDirectoryFilters } from '../../../features/stores/components/use-directory-filters'

/**
 * The directory as a schema.org ItemList: every store, by name, linking to its page. A regional
 * mall's list names the first stores by name (as many as a centre hands over whole,
 * directory-window.ts) and counts them all: the served HTML stays small, and the sitemap lists
 * every store page.
 */
function storeListJsonLd(shops: Shop[], centreName: string, base: string) {
  // The directory's own order (ignoring case and accents). Not localeCompare: its first use loads
  // ICU's collation data, the longest piece of this page's start on a phone (decision 044).
  const sorted = sortStores(shops)
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: `Stores at ${centreName}`,
    numberOfItems: sorted.length,
    itemListElement: sorted.slice(0, HAND_OVER_EVERY_SHOP_UP_TO).map((shop, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: shop.tradingName,
      url: `${base}${paths.store.getHref(shop.slug)}`,
    })),
  }
}

export default function StoresRoute() {
  const centre = useCentreSettings()
  const shops = useShops()
  const { filters } = useDirectoryFilters()
  const power = usePowerStatuses()
  const now = useMinuteClock()
  return (
    <>
      <PageMeta
        title="Store Directory"
        description={`Find every store at ${centre.centre_name}: search by name, browse by category or floor, and see phone numbers and trading hours.`}
        path={paths.stores.getHref()}
        noindex={hasActiveFilters(filters)}
        jsonLd={
          shops.data && !hasActiveFilters(filters)
            ? (base) => storeListJsonLd(shops.data, centre.centre_name, base)
            : undefined
        }
      />
      <PageHero
        compact
        eyebrow="Store directory"
        title="Find a store"
        intro={`Groceries, fashion, health, food and services: everything at ${centre.centre_name}.`}
      />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">
        <div className="mb-4">
          <CentrePowerPanel statuses={power.data} now={now} pending={power.isPending} />
        </div>
        <StoreDirectory
          statusOf={(shop) => <ShopPowerStatus statuses={power.data} shopId={shop.id} now={now} compact />}
        />
      </div>
    </>
  )
}
