import { SEEDED_CENTRE } from '@genesis/contracts/centre-settings'
import { vi } from 'vitest'
import { setFetch } from './setup'

/** The seeded centre as the REST API sends it: numeric columns arrive as strings. */
export const CENTRE_ROW = {
  id: 'c1',
  ...SEEDED_CENTRE,
  map_latitude: SEEDED_CENTRE.map_latitude?.toFixed(6),
  map_longitude: SEEDED_CENTRE.map_longitude?.toFixed(6),
  gla_m2: SEEDED_CENTRE.gla_m2.toFixed(2),
  occupancy_percent: SEEDED_CENTRE.occupancy_percent?.toFixed(2),
  catchment_radius_km: SEEDED_CENTRE.catchment_radius_km?.toFixed(2),
  age_25_45_percent: SEEDED_CENTRE.age_25_45_percent?.toFixed(2),
  social_links: {},
}

const hours = (weekday: string, saturday: string, sunday: string) => ({
  monday: weekday,
  tuesday: weekday,
  wednesday: weekday,
  thursday: weekday,
  friday: weekday,
  saturday,
  sunday,
})

export const shopRow = (
  shop_no: string,
  trading_name: string,
  category: string,
  floor: string,
  description = '',
) => ({
  id: `id-${shop_no}`,
  shop_no,
  trading_name,
  description,
  category,
  floor,
  primary_phone: '011 274 5310',
  website: null,
  email: null,
  gla_m2: '120.00',
  trading_hours: hours('09:00 - 18:00', '09:00 - 13:00', ''),
  logo_path: null,
  is_published: true,
})

export const SHOP_ROWS = [
  shopRow(
    'G01',
    'Fresh Basket Market',
    'Grocery & Food',
    'Ground',
    'Neighbourhood supermarket with fresh produce',
  ),
  shopRow(
    'UG01',
    'Volt Electronics',
    'Electronics',
    'Upper Ground',
    'Televisions, laptops and sound systems',
  ),
  shopRow('LG02', 'Aloe Pharmacy', 'Health & Pharmacy', 'Lower Ground', 'Scripts, clinic and wellness'),
  shopRow(
    'F01',
    'Bean Theory Coffee',
    'Food & Beverage',
    'First Floor',
    'Speciality coffee and laptop-friendly seats',
  ),
  shopRow('G02', 'Karoo Butchery & Deli', 'Grocery & Food', 'Ground', 'Free-range meat and biltong'),
  shopRow('M01', 'Key Cutters', 'Services', 'Mezzanine', 'Keys, remotes and shoe repairs'),
]

export const VACANT_ROWS = [
  {
    id: 'v1',
    unit_number: 'UG10',
    size_m2: '185.00',
    status: 'Available Now',
    is_featured: true,
    type: 'Retail',
    basic_rental_per_sqm: '165.00',
    description: 'Corner unit',
    features: ['Double frontage'],
    floor: 'Upper Ground',
    floor_plan_path: null,
    created_at: '2026-11-19T00:00:00Z',
  },
  {
    id: 'v2',
    unit_number: 'LG08',
    size_m2: '240.00',
    status: 'Under Offer',
    is_featured: false,
    type: 'Restaurant',
    basic_rental_per_sqm: null,
    description: 'Restaurant unit',
    features: [],
    floor: 'Lower Ground',
    floor_plan_path: null,
    created_at: '2026-11-01T00:00:00Z',
  },
]

type Handler = (req: Request) => Response | Promise<Response>

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A request that never answers: the UI stays in its loading state. */
export const never: Handler = () => new Promise<Response>(() => {})

/**
 * Stands in for the gateway behind the real data clients (postgrest-js, functions-js, supabase-js): routes by path to the given
 * handlers (REST tables and functions), 404 for anything else. Returns the fetch spy.
 */
export function fakeBackend(handlers: Partial<Record<string, Handler>> = {}) {
  const defaults: Record<string, Handler> = {
    '/rest/v1/centre_settings': () => json(CENTRE_ROW),
    '/rest/v1/shops': () => json(SHOP_ROWS),
    '/rest/v1/vacant_shops': () => json(VACANT_ROWS),
  }
  const routes = { ...defaults, ...handlers }
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init)
    const handler = routes[new URL(req.url).pathname]
    return handler ? handler(req) : json({ message: 'not found' }, 404)
  })
  setFetch(spy)
  return spy
}
