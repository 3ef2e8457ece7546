import { ListingEditor } from '../../../features/listing/components/listing-editor'
import { ShopSchema } from '../../../features/stores/api/get-shops'
import { StoreCard } from '../../../features/stores/components/store-card'

/**
 * The dashboard's "My listing" tab: the tenant's listing editor with a live preview of the card the
 * store directory shows (issue 12). The dashboard loads this module when the tab is opened: it
 * joins the listing feature with the directory's card, and keeping it out of the dashboard's own
 * chunk keeps the overview's first paint light.
 */
export default function ListingTab({ shopId }: { shopId: string }) {
  return (
    <ListingEditor
      shopId={shopId}
      preview={(shop, draft) => {
        const previewShop = ShopSchema.parse({
          ...shop,
          ...draft,
          primary_phone: draft.primary_phone.trim() || null,
          website: draft.website.trim() || null,
        })
        return (
          <ul>
            <StoreCard shop={previewShop} view="grid" preview />
          </ul>
        )
      }}
    />
  )
}
