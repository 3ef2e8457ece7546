/** The centre's mark: a stylised "G" arch over a doorway, drawn for this site. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#c2410c" />
      <path
        d="M29 14.5A10 10 0 1 0 30 22h-9"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
