import { vi } from 'vitest'
import { setFetch } from './setup'

export const CENTRE_ROW = {
  id: 'c1',
  centre_name: 'Genesis Centre',
  tagline: 'Your neighbourhood shopping centre',
  address_line: '12 Protea Avenue',
  suburb: 'Northcliff',
  city: 'Johannesburg',
  province: 'Gauteng',
  postal_code: '2195',
  phone: '011 274 5300',
  management_email: 'management@genesis.test',
  leasing_email: 'leasing@genesis.test',
  general_email: 'info@genesis.test',
  security_company: 'Sentinel Guard Security',
  security_phone: '0861 88 88 79',
  map_latitude: '-26.145200',
  map_longitude: '27.972500',
  gla_m2: '7002.00',
  parking_bays: '400+',
  store_count: '25+',
  years_serving: '15+',
  daily_foot_traffic: '5,000+',
  occupancy_percent: '95.00',
  catchment_radius_km: '3.00',
  catchment_population: '45,000+',
  average_household_income: 'R35,000',
  age_25_45_percent: '60.00',
  amenities: ['Free WiFi', 'Generator backup'],
  featured_retailers: ['Fresh Basket Market', 'Volt Electronics'],
  centre_hours: { monday: '08:00 - 19:00' },
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
