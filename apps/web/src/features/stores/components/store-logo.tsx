import { cn } from '../../../lib/cn'
import { type Shop, shopLogoUrl } from '../api/get-shops'
import { StoreMonogram } from './store-monogram'

/**
 * The uploaded logo when there is one, else the generated monogram. Lazy unless `eager` (a
 * store page's own logo, at the top of the page).
 */
export function StoreLogo({ shop, className, eager }: { shop: Shop; className?: string; eager?: boolean }) {
  if (shop.logoPath) {
    return (
      <img
        src={shopLogoUrl(shop.logoPath)}
        alt=""
        width={96}
        height={96}
        loading={eager ? 'eager' : 'lazy'}
        className={cn('shrink-0 rounded-xl border border-stone-200 bg-white object-contain', className)}
      />
    )
  }
  return <StoreMonogram name={shop.tradingName} className={className} />
}
