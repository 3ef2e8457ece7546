import { StoreMonogramBadge } from './store-monogram-badge'

/** The featured-retailers strip: each name as a generated wordmark (fictional brands, no logos). */
export function RetailerStrip({ names }: { names: string[] }) {
  if (names.length === 0) return null
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {names.map((name) => (
        <li
          key={name}
          className="flex items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 shadow-sm"
        >
          <StoreMonogramBadge name={name} />
          <span className="text-sm leading-tight font-semibold text-stone-800">{name}</span>
        </li>
      ))}
    </ul>
  )
}
