import { cn } from '../../../lib/cn'

// Warm, distinct backgrounds that all keep white text above 4.5:1.
const PALETTE = ['#9a3412', '#9f1239', '#115e59', '#1e40af', '#6b21a8', '#3f6212', '#854d0e', '#334155']

function hash(text: string): number {
  let h = 0
  for (const ch of text) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return h
}

/** Up to two initials: 'Fresh Basket Market' → 'FB', 'Volt' → 'VO'. */
export function initials(name: string): string {
  const words = name
    .replace(/&/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase()
  return (words[0][0] + words[1][0]).toUpperCase()
}

/** A generated logo for a store without an uploaded one: its initials on a colour of its own. */
export function StoreMonogram({ name, className }: { name: string; className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-xl font-bold text-white select-none',
        className,
      )}
      style={{ backgroundColor: PALETTE[hash(name) % PALETTE.length] }}
    >
      {initials(name)}
    </div>
  )
}
