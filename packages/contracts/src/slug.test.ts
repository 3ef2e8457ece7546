import { describe, expect, it } from 'vitest'
import { toSlug } from './slug.ts'

describe('toSlug', () => {
  it.each([
    ['Fresh Basket Market', 'fresh-basket-market'],
    ['Karoo Butchery & Deli', 'karoo-butchery-and-deli'],
    ['Pixel&Plug', 'pixelandplug'],
    ['Jozi Denim Co.', 'jozi-denim-co'],
    ["Mama's Kitchen!", 'mama-s-kitchen'],
    ['Nest Home Décor', 'nest-home-decor'],
    ['Café Ñandú', 'cafe-nandu'],
    ['  --Glow  Beauty Bar--  ', 'glow-beauty-bar'],
    ['#1 Stop (Shop)', '1-stop-shop'],
    ['&Co', 'andco'],
    ['***', ''],
    ['UPPER lower 123', 'upper-lower-123'],
  ])('%s → %s', (name, slug) => {
    expect(toSlug(name)).toBe(slug)
  })

  it('is idempotent', () => {
    for (const name of ['Karoo Butchery & Deli', 'Nest Home Décor', 'Jozi Denim Co.']) {
      expect(toSlug(toSlug(name))).toBe(toSlug(name))
    }
  })
})
