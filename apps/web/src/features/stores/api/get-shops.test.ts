import '../../../testing/setup'
import { describe, expect, it } from 'vitest'
import { fakeBackend, json, SHOP_ROWS } from '../../../testing/fake-backend'
import { getShops } from './get-shops'

describe('getShops', () => {
  it("throws 'Failed to fetch shops: {message}' when REST refuses", async () => {
    fakeBackend({
      '/rest/v1/shops': () => json({ message: 'permission denied for table shops', code: '42501' }, 403),
    })
    await expect(getShops()).rejects.toThrow('Failed to fetch shops: permission denied for table shops')
  })

  it("maps rows to the spec's presentation shape with a slug", async () => {
    fakeBackend()
    const shops = await getShops()
    expect(shops).toHaveLength(SHOP_ROWS.length)
    expect(shops.find((s) => s.shopNo === 'G02')).toEqual({
      id: 'id-G02',
      shopNo: 'G02',
      tradingName: 'Karoo Butchery & Deli',
      description: 'Free-range meat and biltong',
      category: 'Grocery & Food',
      floor: 'Ground',
      phone: '011 274 5310',
      website: '',
      gla: 120,
      tradingHours: expect.objectContaining({ monday: '09:00 - 18:00', sunday: '' }),
      logoPath: null,
      whatsapp: null,
      slug: 'karoo-butchery-and-deli',
    })
  })
})
