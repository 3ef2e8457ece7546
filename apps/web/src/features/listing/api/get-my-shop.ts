import { OpeningHoursSchema, WEEKDAYS, type Weekday } from '@genesis/contracts/opening-hours'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getSupabase } from '../../../lib/supabase-client'

/** Hours per weekday as the editor holds them: '' means closed. */
export type WeekHours = Record<Weekday, string>

export const toWeekHours = (hours: unknown): WeekHours => {
  const parsed = OpeningHoursSchema.parse(hours ?? {})
  return Object.fromEntries(WEEKDAYS.map((d) => [d, (parsed[d] ?? '').trim()])) as WeekHours
}

export const MyShopSchema = z
  .object({
    id: z.string(),
    shop_no: z.string(),
    trading_name: z.string(),
    category: z.string(),
    floor: z.string(),
    description: z.string().nullable(),
    primary_phone: z.string().nullable(),
    whatsapp: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    website: z.string().nullable(),
    email: z.string().nullable(),
    gla_m2: z.union([z.number(), z.string()]).nullable(),
    trading_hours: z.unknown(),
    logo_path: z.string().nullable(),
    is_published: z.boolean(),
    updated_at: z.string(),
  })
  .transform((row) => ({ ...row, trading_hours: toWeekHours(row.trading_hours) }))
export type MyShop = z.infer<typeof MyShopSchema>

export const MY_SHOP_COLUMNS =
  'id, shop_no, trading_name, category, floor, description, primary_phone, whatsapp, website, email, gla_m2, trading_hours, logo_path, is_published, updated_at'

/** The signed-in tenant's own shop (RLS lets them read it even while unpublished). */
export async function getMyShop(shopId: string): Promise<MyShop> {
  const { data, error } = await getSupabase().from('shops').select(MY_SHOP_COLUMNS).eq('id', shopId).single()
  if (error) throw error
  return MyShopSchema.parse(data)
}

export const getMyShopQueryOptions = (shopId: string | undefined) =>
  queryOptions({
    queryKey: ['my-shop', shopId],
    queryFn: () => getMyShop(String(shopId)),
    enabled: Boolean(shopId),
  })

export function useMyShop(shopId: string | undefined) {
  return useQuery(getMyShopQueryOptions(shopId))
}
