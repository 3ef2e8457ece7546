import { StoreMonogramBadge } from './store-monogram-badge'

/** One featured retailer: its name, and its logo's URL when the store has one. */
export interface FeaturedRetailer {
  name: string
  logoUrl?: string | null
}

/** The featured-retailers strip: each store's logo, or a generated monogram when it has none. */
export function RetailerStrip({ retailers }: { retailers: FeaturedRetailer[] }) {
  if (retailers.length === 0) return null
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {retailers.map(({ name, logoUrl }) => (
        <li
          key={name}
          // On a phone the badge sits above the name, which then has the card's width: two lines at most.
          className="flex flex-col items-center gap-2 rounded-xl border border-stone-200 bg-white p-3 text-center shadow-sm sm:flex-row sm:gap-3 sm:text-left"
        >
          {logoUrl ? (
            // Below the fold: fetched as the visitor scrolls near, never competing with the hero.
            <img
              src={logoUrl}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              decoding="async"
              className="size-10 shrink-0 rounded-lg"
            />
          ) : (
            <StoreMonogramBadge name={name} />
          )}
          <span
            className="text-sm leading-tight font-semibold text-balance text-stone-800"
            data-featured-name
          >
            {name}
          </span>
        </li>
      ))}
    </ul>
  )
}
