// Kept apart from the stores feature's monogram (features do not import each other); same idea.
const PALETTE = ['#9a3412', '#9f1239', '#115e59', '#1e40af', '#6b21a8', '#3f6212', '#854d0e', '#334155']

export function StoreMonogramBadge({ name }: { name: string }) {
  let h = 0
  for (const ch of name) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const letters = words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2)
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white"
      style={{ backgroundColor: PALETTE[h % PALETTE.length] }}
    >
      {letters.toUpperCase()}
    </span>
  )
}
