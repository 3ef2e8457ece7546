import { StoreMonogramBadge } from './store-monogram-badge'

/** The featured-retailers strip: each name as a generated wordmark (fictional brands, no logos). */
export function RetailerStrip({ names }: { names: string[] }) {
  if (names.length === 0) return null
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {names.map((name) => (
        <li
          key={name}
          // On a phone the badge sits above the name, which then has the card's width: two lines at most.
          className="flex flex-col items-center gap-2 rounded-xl border border-stone-200 bg-white p-3 text-center shadow-sm sm:flex-row sm:gap-3 sm:text-left"
        >
          <StoreMonogramBadge name={name} />
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
