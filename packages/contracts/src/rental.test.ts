import { describe, expect, it } from 'vitest'
import { formatRental } from './rental.ts'

describe('formatRental', () => {
  it.each([
    [165, 'R 165.00 /m²'],
    [210.5, 'R 210.50 /m²'],
    ['95.00', 'R 95.00 /m²'],
    [0, 'R 0.00 /m²'],
    [99.999, 'R 100.00 /m²'],
  ])('%s → %s', (amount, text) => {
    expect(formatRental(amount)).toBe(text)
  })

  it.each([null, undefined, '', 'abc'])('shows POA for %s', (amount) => {
    expect(formatRental(amount)).toBe('POA')
  })
})
