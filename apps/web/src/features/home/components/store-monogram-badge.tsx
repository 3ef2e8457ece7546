/**
 * The badge of a featured retailer without a logo: its initial on the brand colour (white on
 * brand-800 is 7:1). Simpler than the directory's monogram (features/stores), which picks a
 * colour per name: here it only stands in for the rare featured name no shop of the directory
 * has, and the home page's JavaScript budget is tight (scripts/check-budgets.ts).
 */
export function StoreMonogramBadge({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-800 text-lg font-bold text-white"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  )
}
