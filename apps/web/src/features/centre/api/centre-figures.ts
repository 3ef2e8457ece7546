import { formatArea } from '@genesis/contracts/area'
import type { CentreSettings } from './get-centre-settings'

const NBSP = '\u00a0'
const pct = (n: number | null) => (n === null ? '' : `${Number(n.toFixed(1))}%`)

// Thousands with commas, as the spec writes them ('7,002 m2'); en-ZA would use spaces.
/** The centre facts of the spec (§1), worded for display, from the settings row. */
export function centreFigures(c: CentreSettings) {
  return {
    // A no-break space keeps the number with its unit on a narrow screen (issue 15, §3).
    gla: { value: formatArea(Math.round(c.gla_m2)).replace(' ', NBSP), label: 'Leasable area' },
    parking: { value: c.parking_bays, label: 'Free parking bays' },
    stores: { value: c.store_count, label: 'Stores' },
    years: { value: c.years_serving, label: 'Years serving' },
    footTraffic: { value: c.daily_foot_traffic, label: 'Daily foot traffic' },
    occupancy: { value: pct(c.occupancy_percent), label: 'Occupancy' },
    radius: {
      value: c.catchment_radius_km === null ? '' : `${Number(c.catchment_radius_km)}${NBSP}km`,
      label: 'Catchment radius',
    },
    population: { value: c.catchment_population, label: 'Population' },
    income: { value: `${c.average_household_income}/month`, label: 'Average household income' },
    age: { value: pct(c.age_25_45_percent), label: 'Aged 25-45' },
  }
}
