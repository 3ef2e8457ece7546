import { type CentreContacts, centreAddress } from '@genesis/contracts/centre-settings'
import type { EmailBrand } from './render-email.ts'

/** The header and footer of every mail, from the centre's settings and the site's public URL. */
export function emailBrand(centre: CentreContacts, siteUrl: string): EmailBrand {
  return {
    name: centre.centre_name,
    address: centreAddress(centre),
    phone: centre.phone,
    email: centre.general_email,
    websiteUrl: siteUrl,
  }
}
