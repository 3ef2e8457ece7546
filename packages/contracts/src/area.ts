/**
 * A floor area as shown on the site: '1,250 m²', '85.5 m²' (comma thousands, at most three
 * decimals, as `toLocaleString('en-US')` writes it). Written out rather than left to Intl: the
 * first Intl number format of a page loads ICU's locale data, tens of milliseconds on a phone
 * while the page is still being drawn.
 */
export function formatArea(m2: number): string {
  return `${groupThousands(m2)} m²`
}

/** `1234567.891` → '1,234,567.891'; at most three decimals, trailing zeros dropped. */
export function groupThousands(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const [whole, fraction] = (Math.round(Math.abs(value) * 1000) / 1000).toFixed(3).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',')
  const decimals = fraction.replace(/0+$/, '')
  const sign = value < 0 ? '-' : ''
  return `${sign}${grouped}${decimals ? `.${decimals}` : ''}`
}
