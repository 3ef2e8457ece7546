import { type CentreContacts, CentreContactsSchema } from '@genesis/contracts/centre-settings'
import { ANON, asCaller } from './request-scope.ts'
import type { Database } from './types.ts'

export class CentreSettingsMissingError extends Error {
  constructor() {
    super('centre_settings has no row: the centre name and contacts are unknown')
  }
}

/**
 * The centre's name and contacts from `centre_settings`, read as a visitor would (they are public),
 * and checked, so that a mail never goes out naming nobody.
 */
export async function readCentreContacts(db: Database): Promise<CentreContacts> {
  const { rows } = await asCaller(
    db,
    ANON,
    (tx) =>
      tx.query(
        `select centre_name, address_line, suburb, city, province, postal_code, phone,
                management_email, leasing_email, general_email
           from public.centre_settings limit 1`,
      ),
    { readOnly: true },
  )
  if (rows.length === 0) throw new CentreSettingsMissingError()
  return CentreContactsSchema.parse(rows[0])
}
