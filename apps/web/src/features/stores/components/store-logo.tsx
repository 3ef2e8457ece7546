import { cn } from '../../../lib/cn'
import { type Shop, shopLogoUrl } from '../api/get-shops'
import { StoreMonogram } from './store-monogram'

/** The uploaded logo when there is one, else the generated monogram. */
export function StoreLogo({ shop, className }: { shop: Shop; className?: string }) {
  if (shop.logoPath) {
    return (
      <img
        src={shopLogoUrl(shop.logoPath)}
        alt=""
        width={96}
        height={96}
        loading="lazy"
        className={cn('shrink-0 rounded-xl border border-stone-200 bg-white object-contain', className)}
      />
    )
  }
  return <StoreMonogram name={shop.tradingName} className={className} />
}
