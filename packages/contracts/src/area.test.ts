import { describe, expect, it } from 'vitest'
import { formatArea, groupThousands } from './area.ts'

describe('groupThousands', () => {
  it.each([
    0, 7, 85.5, 999, 1000, 1250, 12_500.25, 123_456.789, 1_234_567, 0.1234, 99.9996, -1250.5, -0.0001,
  ])('writes %s as toLocaleString("en-US") does', (value) => {
    expect(groupThousands(value)).toBe(value.toLocaleString('en-US'))
  })
})

describe('formatArea', () => {
  it('adds the square-metre unit', () => {
    expect(formatArea(18_500)).toBe('18,500 m²')
    expect(formatArea(42.5)).toBe('42.5 m²')
  })
})
