import {
  type CentreSettings,
  CentreSettingsSchema,
  centreAddress,
  SEEDED_CENTRE,
} from '@genesis/contracts/centre-settings'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { publicRest } from '../../../lib/backend'

export type { CentreSettings }

/**
 * What the prerendered first paint shows before the row can arrive (decision 011): the seeded
 * centre's name, phones and figures, without the addresses, map and lists, so the page does not
 * move when the row replaces it. Only a stand-in while loading: when the row cannot be loaded the
 * site shows its error screen rather than keep these figures as if they were real.
 */
const FIRST_PAINT: CentreSettings = {
  ...SEEDED_CENTRE,
  address_line: '',
  suburb: '',
  postal_code: '',
  management_email: '',
  leasing_email: '',
  general_email: '',
  security_company: '',
  map_latitude: null,
  map_longitude: null,
  amenities: [],
  featured_retailers: [],
  centre_hours: {},
  management_whatsapp: null,
  leasing_whatsapp: null,
}

export async function getCentreSettings(): Promise<CentreSettings> {
  const { data, error } = await (await publicRest()).from('centre_settings').select('*').single()
  if (error) throw new Error(`Failed to fetch centre settings: ${error.message}`)
  return CentreSettingsSchema.parse(data)
}

export const getCentreSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['centre-settings'], queryFn: getCentreSettings, staleTime: 5 * 60_000 })

/**
 * The centre's settings: the first-paint stand-in until the row arrives; if it cannot be loaded,
 * the error is thrown to the route's error boundary (the error screen with Try Again).
 */
export function useCentreSettings(): CentreSettings {
  const { data } = useQuery({ ...getCentreSettingsQueryOptions(), throwOnError: true })
  // Every page, its header and its footer read the centre's facts: when they arrive, redrawing
  // all of that happens in a background render React can interrupt, not in one blocking task.
  return useDeferredValue(data ?? FIRST_PAINT)
}

/** 'tel:0112745300' from '011 274 5300'. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}

/** The postal address on one line (the contracts' centreAddress, as the e-mails write it). */
export function fullAddress(c: CentreSettings): string {
  return centreAddress(c)
}
