import * as z from 'zod/mini'
import { OpeningHoursSchema } from './opening-hours.ts'

// zod/mini: parsed on every public page, where full zod would weigh on the page budget.
const numeric = z.nullable(z.coerce.number())

/**
 * The one row of `centre_settings`: who the centre is, how to reach it and the facts the site
 * shows (docs/product/site.md §1). The only schema of that row: the web app parses it, the
 * gateway's mails and the functions read the contact part (`CentreContactsSchema`).
 */
export const CentreSettingsSchema = z.object({
  centre_name: z.string(),
  tagline: z.string(),
  address_line: z.string(),
  suburb: z.string(),
  city: z.string(),
  province: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  management_email: z.string(),
  leasing_email: z.string(),
  general_email: z.string(),
  security_company: z.string(),
  security_phone: z.string(),
  map_latitude: numeric,
  map_longitude: numeric,
  gla_m2: z.coerce.number(),
  parking_bays: z.string(),
  store_count: z.string(),
  years_serving: z.string(),
  daily_foot_traffic: z.string(),
  occupancy_percent: numeric,
  catchment_radius_km: numeric,
  catchment_population: z.string(),
  average_household_income: z.string(),
  age_25_45_percent: numeric,
  amenities: z.array(z.string()),
  featured_retailers: z.array(z.string()),
  centre_hours: OpeningHoursSchema,
  // WhatsApp click-to-chat for management and leasing (issue 18, item 3), normalised ('27821234567').
  management_whatsapp: z.catch(z.nullable(z.string()), null),
  leasing_whatsapp: z.catch(z.nullable(z.string()), null),
})
export type CentreSettings = z.infer<typeof CentreSettingsSchema>

/**
 * The part of the row that says who the centre is and how to reach it: what every e-mail names in
 * its header and footer, and where enquiries go (docs/product/README.md §6). A mail must never go
 * out naming nobody, so the name and the three addresses may not be empty here.
 */
export const CentreContactsSchema = z.extend(
  z.pick(CentreSettingsSchema, {
    address_line: true,
    suburb: true,
    city: true,
    province: true,
    postal_code: true,
    phone: true,
  }),
  {
    centre_name: z.string().check(z.minLength(1)),
    management_email: z.string().check(z.minLength(3)),
    leasing_email: z.string().check(z.minLength(3)),
    general_email: z.string().check(z.minLength(3)),
  },
)
export type CentreContacts = z.infer<typeof CentreContactsSchema>

/** The postal address on one line: "12 Protea Avenue, Northcliff, Johannesburg, 2195". */
export function centreAddress(centre: CentreContacts): string {
  return [centre.address_line, centre.suburb, centre.city, centre.postal_code]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ')
}

/**
 * The centre as the demo seed stores it (`supabase/seed.sql`, the facts of docs/product/site.md
 * §1). The web app's prerendered first paint needs the centre before any request can be made, so
 * it paints these values and replaces them with the real row as soon as it arrives; if the row
 * cannot be loaded the site shows its error state instead of keeping them. A gateway test holds
 * the seed to this value, so the two cannot drift apart.
 */
export const SEEDED_CENTRE: CentreSettings = {
  centre_name: 'Genesis Centre',
  tagline: 'Your neighbourhood shopping centre',
  address_line: '12 Protea Avenue',
  suburb: 'Northcliff',
  city: 'Johannesburg',
  province: 'Gauteng',
  postal_code: '2195',
  phone: '011 274 5300',
  management_email: 'management@genesis-centre.test',
  leasing_email: 'leasing@genesis-centre.test',
  general_email: 'info@genesis-centre.test',
  security_company: 'Sentinel Guard Security',
  security_phone: '0861 88 88 79',
  map_latitude: -26.1452,
  map_longitude: 27.9725,
  gla_m2: 7002,
  parking_bays: '400+',
  store_count: '25+',
  years_serving: '15+',
  daily_foot_traffic: '5,000+',
  occupancy_percent: 95,
  catchment_radius_km: 3,
  catchment_population: '45,000+',
  average_household_income: 'R35,000',
  age_25_45_percent: 60,
  amenities: ['Free WiFi', 'Generator backup', 'Borehole water', '24/7 security and CCTV', 'LED lighting'],
  featured_retailers: [
    'Fresh Basket Market',
    'Threadline Fashion',
    'Volt Electronics',
    'Wellness Corner Pharmacy',
    'Bean Theory Coffee',
    'Little Explorers Toys',
    'Glow Beauty Bar',
    'Nest Home Décor',
    'Reel Dreams Cinema',
    'Sizzle Grill House',
  ],
  centre_hours: {
    monday: '08:00 - 19:00',
    tuesday: '08:00 - 19:00',
    wednesday: '08:00 - 19:00',
    thursday: '08:00 - 19:00',
    friday: '08:00 - 19:00',
    saturday: '08:00 - 17:00',
    sunday: '09:00 - 14:00',
  },
  management_whatsapp: '27825550100',
  leasing_whatsapp: '27825550101',
}
