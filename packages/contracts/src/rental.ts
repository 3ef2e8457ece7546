/** The note shown under every rental figure (docs/product/site.md §9). */
export const RENTAL_NOTE = 'Excluding VAT & operational costs'

/**
 * 'R {amount with 2 decimals} /m²', or 'POA' when there is no figure. PostgreSQL numerics may
 * arrive as text, so numeric strings are accepted too.
 */
export function formatRental(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return 'POA'
  const value = typeof amount === 'number' ? amount : Number(amount)
  if (!Number.isFinite(value)) return 'POA'
  return `R ${value.toFixed(2)} /m²`
}
