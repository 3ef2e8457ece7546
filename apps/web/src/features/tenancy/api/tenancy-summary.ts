import * as z from 'zod/mini'
import { readTenantData } from '../../../lib/session/auth-storage'
import type { Tenancy } from './get-my-tenancy'

/**
 * What the portal remembers of the signed-in tenant between visits (browser storage, `tenant_data`,
 * removed on sign-out): enough to draw the dashboard's heading at once while the tenant's record
 * loads again, so a returning tenant sees their shop rather than a grey block.
 */
const TenancySummarySchema = z.object({
  userId: z.string(),
  companyName: z.string(),
  shopNo: z.nullable(z.string()),
  status: z.string(),
  shop: z.nullable(
    z.object({
      shop_no: z.string(),
      trading_name: z.string(),
      floor: z.string(),
      category: z.string(),
    }),
  ),
})
export type TenancySummary = z.output<typeof TenancySummarySchema>

/** The heading's part of a tenancy, as the dashboard stores it for the next visit. */
export function summaryOf(userId: string, tenancy: Tenancy): TenancySummary {
  const { shop } = tenancy
  return {
    userId,
    companyName: tenancy.company_name,
    shopNo: shop?.shop_no ?? null,
    status: tenancy.status,
    shop: shop
      ? { shop_no: shop.shop_no, trading_name: shop.trading_name, floor: shop.floor, category: shop.category }
      : null,
  }
}

/** The stored summary, only when it is this user's and still readable; otherwise nothing. */
export function readTenancySummary(userId: string | undefined): TenancySummary | undefined {
  if (!userId) return undefined
  const parsed = TenancySummarySchema.safeParse(readTenantData())
  return parsed.success && parsed.data.userId === userId ? parsed.data : undefined
}
