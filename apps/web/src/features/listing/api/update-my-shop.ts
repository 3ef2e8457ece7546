import { useMutation, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'
import { MY_SHOP_COLUMNS, type MyShop, MyShopSchema, type WeekHours } from './get-my-shop'

export interface ListingChanges {
  primary_phone: string | null
  website: string | null
  email: string | null
  description: string
  trading_hours: WeekHours
  logo_path: string | null
}

/** Someone (the centre management) saved the listing after this editor loaded it. */
export class ListingConflictError extends Error {
  readonly current: MyShop
  constructor(current: MyShop) {
    super('The centre management changed this listing while you were editing it.')
    this.name = 'ListingConflictError'
    this.current = current
  }
}

/** The database's refusal, with the field it names (its message, and DETAIL when it lists more). */
export class ListingRefusedError extends Error {
  readonly code: string | undefined
  readonly details: string | undefined
  constructor(error: { message: string; code?: string; details?: string | null }) {
    super(error.message)
    this.name = 'ListingRefusedError'
    this.code = error.code
    this.details = error.details ?? undefined
  }
}

/**
 * Saves the public details of the tenant's shop through REST, only if nobody saved it since it
 * was loaded (`updated_at` unchanged); otherwise reads the current version back and throws a
 * ListingConflictError with it, so nothing anyone typed is silently overwritten. What a tenant may
 * change, and how, is the database's decision (RLS, the tenant allow-list, CHECK constraints).
 */
export async function updateMyShop(input: {
  shopId: string
  loadedUpdatedAt: string
  changes: Partial<ListingChanges> & Record<string, unknown>
}): Promise<MyShop> {
  const supabase = getSupabase()
  const { data, error } = await supabase
    .from('shops')
    .update(input.changes)
    .eq('id', input.shopId)
    .eq('updated_at', input.loadedUpdatedAt)
    .select(MY_SHOP_COLUMNS)
  if (error) throw new ListingRefusedError(error)
  if (data.length === 1) return MyShopSchema.parse(data[0])
  const current = await supabase.from('shops').select(MY_SHOP_COLUMNS).eq('id', input.shopId).single()
  if (current.error) throw current.error
  throw new ListingConflictError(MyShopSchema.parse(current.data))
}

export function useUpdateMyShop() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMyShop,
    onSuccess: (shop) => {
      queryClient.setQueryData(['my-shop', shop.id], shop)
      // The public directory and store pages (get-store-page.ts) show the change at once.
      queryClient.removeQueries({ queryKey: ['store-page'] })
      return queryClient.invalidateQueries({ queryKey: ['shops'] })
    },
  })
}
