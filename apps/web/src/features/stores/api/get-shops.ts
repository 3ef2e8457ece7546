import { OpeningHoursSchema } from '@genesis/contracts/opening-hours'
import { toSlug } from '@genesis/contracts/slug'
import { queryOptions, useQuery } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { publicRest, publicStorageUrl } from '../../../lib/backend'

/** A shops row as REST returns it, mapped to the spec's presentation shape (docs/product/site.md §3). */
export const ShopSchema = z.pipe(
  z.object({
    id: z.string(),
    shop_no: z.string(),
    trading_name: z.string(),
    description: z.nullable(z.string()),
    category: z.string(),
    floor: z.string(),
    primary_phone: z.nullable(z.string()),
    website: z.nullable(z.string()),
    gla_m2: z.nullable(z.coerce.number()),
    trading_hours: OpeningHoursSchema,
    logo_path: z.optional(z.nullable(z.string())),
    whatsapp: z.optional(z.nullable(z.string())),
  }),
  z.transform((row) => ({
    id: row.id,
    shopNo: row.shop_no,
    tradingName: row.trading_name,
    description: row.description ?? '',
    category: row.category,
    floor: row.floor,
    phone: row.primary_phone ?? '',
    website: row.website ?? '',
    gla: row.gla_m2,
    tradingHours: row.trading_hours,
    logoPath: row.logo_path ?? null,
    /** Normalised ('27821234567'), or null. */
    whatsapp: row.whatsapp ?? null,
    slug: toSlug(row.trading_name),
  })),
)
export type Shop = z.output<typeof ShopSchema>

export async function getShops(): Promise<Shop[]> {
  const { data, error } = await (await publicRest()).from('shops').select('*').order('shop_no')
  if (error) throw new Error(`Failed to fetch shops: ${error.message}`)
  return z.array(ShopSchema).parse(data)
}

export const getShopsQueryOptions = () => queryOptions({ queryKey: ['shops'], queryFn: getShops })

export function useShops() {
  return useQuery(getShopsQueryOptions())
}

/** Public URL of an uploaded logo (bucket shop-logos is public). */
export function shopLogoUrl(path: string): string {
  return publicStorageUrl('shop-logos', path)
}
