import { OpeningHoursSchema } from '@genesis/contracts/opening-hours'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import * as z from 'zod/mini'
import { publicRest } from '../../../lib/supabase'

const numeric = z.nullable(z.coerce.number())

/** The one row of centre_settings: every centre fact the site shows comes from here. */
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
})
export type CentreSettings = z.infer<typeof CentreSettingsSchema>

/**
 * What the layout shows before the row arrives (and if it never does): the facts of the spec, so
 * the first paint already has the centre's phone and name instead of empty boxes. The database row
 * always wins once loaded.
 */
export const FALLBACK_CENTRE: CentreSettings = {
  centre_name: 'Genesis Centre',
  tagline: 'Your neighbourhood shopping centre',
  address_line: '',
  suburb: '',
  city: 'Johannesburg',
  province: 'Gauteng',
  postal_code: '',
  phone: '011 274 5300',
  management_email: '',
  leasing_email: '',
  general_email: '',
  security_company: '',
  security_phone: '0861 88 88 79',
  map_latitude: null,
  map_longitude: null,
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
  amenities: [],
  featured_retailers: [],
  centre_hours: {},
}

export async function getCentreSettings(): Promise<CentreSettings> {
  const { data, error } = await publicRest().from('centre_settings').select('*').single()
  if (error) throw new Error(`Failed to fetch centre settings: ${error.message}`)
  return CentreSettingsSchema.parse(data)
}

export const getCentreSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['centre-settings'], queryFn: getCentreSettings, staleTime: 5 * 60_000 })

/** The centre's settings, with the documented fallback until (or unless) the row loads. */
export function useCentreSettings(): CentreSettings {
  const { data } = useQuery(getCentreSettingsQueryOptions())
  // Every page, its header and its footer read the centre's facts: when they arrive, redrawing
  // all of that happens in a background render React can interrupt, not in one blocking task.
  return useDeferredValue(data ?? FALLBACK_CENTRE)
}

/** 'tel:0112745300' from '011 274 5300'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

export function fullAddress(c: CentreSettings): string {
  return [c.address_line, c.suburb, c.city, c.postal_code].filter(Boolean).join(', ')
}
