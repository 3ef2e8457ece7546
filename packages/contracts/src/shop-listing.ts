import { z } from 'zod'
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './email.ts'
import { WEEKDAYS } from './opening-hours.ts'
import { normaliseSaMobile, WHATSAPP_INVALID_MESSAGE } from './whatsapp.ts'

/**
 * The public details of a shop its tenant may change (the columns of public.shops a tenant may
 * update), with the rules PostgreSQL enforces on them (migration
 * 20261123110000_enforce_shop_listing_rules.sql: one CHECK constraint per field). A form validates
 * with this schema first; the database refuses anything that slips past it with
 * `Invalid <column>: <rule>` (SQLSTATE 23514). Keep both in step (apps/gateway/test/attack/
 * listing-rules.test.ts compares them on the same samples).
 */
export const SHOP_LISTING_LIMITS = {
  website: 2048,
  email: 254,
  primary_phone: 40,
  description: 2000,
  trading_hours: 60,
  logo_path: 512,
} as const

/** The columns a tenant may change on their own shop (the database's allow-list). */
export const TENANT_WRITABLE_SHOP_COLUMNS = [
  'primary_phone',
  'whatsapp',
  'website',
  'email',
  'description',
  'trading_hours',
  'logo_path',
] as const

/** Whether `text` holds a control character (U+0000–U+001F, U+007F) other than those in `allowed`. */
function hasControl(text: string, allowed = ''): boolean {
  for (const ch of text) {
    const code = ch.charCodeAt(0)
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(ch)) return true
  }
  return false
}
/** An absolute http(s) address whose host carries no user info and no space. */
const WEBSITE = /^https?:\/\/[^\s/?#@\\]+([/?#]\S*)?$/i
const PHONE = /^[0-9+(). /-]+$/

/** '' and whitespace mean "none" (the database stores null). */
const blankToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : typeof value === 'string' ? value.trim() : value

const max = (n: number) => `Must be at most ${n} characters`

export const ShopWebsiteSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .max(SHOP_LISTING_LIMITS.website, max(SHOP_LISTING_LIMITS.website))
    .regex(WEBSITE, 'Enter an address starting with http:// or https://')
    .refine((v) => !hasControl(v), 'Enter an address starting with http:// or https://')
    .nullable(),
)

export const ShopEmailSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .max(SHOP_LISTING_LIMITS.email, INVALID_EMAIL_MESSAGE)
    .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)
    .refine((v) => !hasControl(v), INVALID_EMAIL_MESSAGE)
    .nullable(),
)

export const ShopPhoneSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .max(SHOP_LISTING_LIMITS.primary_phone, max(SHOP_LISTING_LIMITS.primary_phone))
    .regex(PHONE, 'Use digits, spaces and + ( ) . - /')
    .refine((v) => (v.match(/[0-9]/g) ?? []).length >= 3, 'Enter a telephone number')
    .nullable(),
)

/**
 * The store's WhatsApp number (issue 18, item 3): a South African mobile number as typed, stored
 * normalised ('27821234567'); blank means none. The database normalises and checks the same way
 * (migration 20261128300000).
 */
export const ShopWhatsappSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .transform((v, ctx) => {
      const normalised = normaliseSaMobile(v)
      if (normalised === null) {
        ctx.addIssue({ code: 'custom', message: WHATSAPP_INVALID_MESSAGE })
        return z.NEVER
      }
      return normalised
    })
    .nullable(),
)

export const ShopDescriptionSchema = z
  .string()
  .max(SHOP_LISTING_LIMITS.description, max(SHOP_LISTING_LIMITS.description))
  .refine((v) => !hasControl(v, '\n\r\t'), 'Remove the control characters')

export const ShopTradingHoursSchema = z.partialRecord(
  z.enum(WEEKDAYS),
  z
    .string()
    .max(SHOP_LISTING_LIMITS.trading_hours, max(SHOP_LISTING_LIMITS.trading_hours))
    .refine((v) => !hasControl(v), 'One line only')
    .nullable(),
)

/** A logo: an object of the shop-logos bucket inside the shop's own folder (`<shop id>/<file>`). */
export function shopLogoPathSchema(shopId: string) {
  return z
    .string()
    .max(SHOP_LISTING_LIMITS.logo_path, max(SHOP_LISTING_LIMITS.logo_path))
    .refine(
      (v) =>
        v.startsWith(`${shopId}/`) &&
        /^[^/]+(\/[^/]+)+$/.test(v) &&
        !/(^|\/)\.\.?(\/|$)/.test(v) &&
        !hasControl(v) &&
        !v.includes('\\'),
      "The logo must be a file in the shop's own folder",
    )
    .nullable()
}

/** What a tenant's listing editor sends: any subset of the writable columns. */
export function shopListingSchema(shopId: string) {
  return z
    .object({
      primary_phone: ShopPhoneSchema,
      whatsapp: ShopWhatsappSchema,
      website: ShopWebsiteSchema,
      email: ShopEmailSchema,
      description: ShopDescriptionSchema,
      trading_hours: ShopTradingHoursSchema,
      logo_path: shopLogoPathSchema(shopId),
    })
    .partial()
    .strict()
}
export type ShopListing = z.infer<ReturnType<typeof shopListingSchema>>
