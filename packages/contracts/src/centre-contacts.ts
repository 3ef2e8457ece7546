import { z } from 'zod'

/**
 * The part of `centre_settings` that says who the centre is and how to reach it: what every e-mail
 * names in its header and footer, and where enquiries go (product.md §3, §6).
 */
export const CentreContactsSchema = z.object({
  centre_name: z.string().min(1),
  address_line: z.string(),
  suburb: z.string(),
  city: z.string(),
  province: z.string(),
  postal_code: z.string(),
  phone: z.string(),
  management_email: z.string().min(3),
  leasing_email: z.string().min(3),
  general_email: z.string().min(3),
})
export type CentreContacts = z.infer<typeof CentreContactsSchema>

/** The postal address on one line: "12 Protea Avenue, Northcliff, Johannesburg, 2195". */
export function centreAddress(centre: CentreContacts): string {
  return [centre.address_line, centre.suburb, centre.city, centre.postal_code]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ')
}
