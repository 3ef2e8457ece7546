import { describe, expect, it } from 'vitest'
import { featuredLogos } from './featured-logos'

describe('featuredLogos', () => {
  it('maps each featured name to its shop’s logo, or null for a monogram', () => {
    const shops = [
      { tradingName: 'Volt Electronics', logoPath: 'volt/logo.svg' },
      { tradingName: 'Bean Theory Coffee', logoPath: null },
    ]
    expect(featuredLogos(shops, ['Volt Electronics', 'Bean Theory Coffee', 'Not A Tenant'])).toEqual({
      'Volt Electronics': 'volt/logo.svg',
      'Bean Theory Coffee': null,
      'Not A Tenant': null,
    })
  })
})
