import { hasActiveFilters } from '@genesis/contracts/store-directory'
import { PageMeta } from '../../../components/seo/page-meta'
import { PageHero } from '../../../components/ui/section'
import { paths } from '../../../config/paths'
import { useCentreSettings } from '../../../features/centre/api/get-centre-settings'
import { StoreDirectory } from '../../../features/stores/components/store-directory'
import { useDirectoryFilters } from '../../../features/stores/components/use-directory-filters'

export default function StoresRoute() {
  const centre = useCentreSettings()
  const { filters } = useDirectoryFilters()
  return (
    <>
      <PageMeta
        title="Store Directory"
        description={`Find every store at ${centre.centre_name}: search by name, browse by category or floor, and see phone numbers and trading hours.`}
        path={paths.stores.getHref()}
        noindex={hasActiveFilters(filters)}
      />
      <PageHero
        eyebrow="Store directory"
        title="Find a store"
        intro={`Groceries, fashion, health, food and services: everything at ${centre.centre_name}.`}
      />
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <StoreDirectory />
      </div>
    </>
  )
}
