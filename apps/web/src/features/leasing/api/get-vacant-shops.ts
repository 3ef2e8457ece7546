import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { publicRest } from '../../../lib/backend'

export const VacantShopSchema = z.object({
  id: z.string(),
  unit_number: z.string(),
  size_m2: z.coerce.number(),
  status: z.string(),
  is_featured: z.boolean(),
  type: z.string(),
  basic_rental_per_sqm: z.nullable(z.coerce.number()),
  description: z.string(),
  features: z.array(z.string()),
  floor: z.optional(z.nullable(z.string())),
  /** An object of the public floor-plans bucket (issue 15 §2: a thumbnail on the unit's card). */
  floor_plan_path: z.optional(z.nullable(z.string())),
  created_at: z.string(),
})
export type VacantShop = z.infer<typeof VacantShopSchema>

export async function getVacantShops(): Promise<VacantShop[]> {
  const rest = await publicRest()
  const { data, error } = await rest
    .from('vacant_shops')
    .select('*')
    .order('is_featured', { ascending: false })
    .order('created_at', { ascending: false })
  if (error) {
    // The spec (docs/product/site.md §8): logged and thrown; the page shows no message of its own.
    console.error('Failed to fetch vacant shops', error)
    throw new Error(`Failed to fetch vacant shops: ${error.message}`)
  }
  return z.array(VacantShopSchema).parse(data)
}

export const getVacantShopsQueryOptions = () =>
  queryOptions({ queryKey: ['vacant-shops'], queryFn: getVacantShops })

export function useVacantShops() {
  return useQuery(getVacantShopsQueryOptions())
}
