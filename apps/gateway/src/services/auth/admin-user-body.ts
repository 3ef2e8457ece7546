import { z } from 'zod'
import type { Config } from '../../config.ts'
import { ERRORS } from './errors.ts'
import { assertAcceptablePassword, hashPassword } from './passwords.ts'
import { metadataObject, optionalString } from './request-input.ts'

/** The body of admin create and update (docs/protocol/auth.md §2.5, Admin). */
export const AdminUserBody = z.object({
  id: z.uuid().nullish(),
  email: optionalString,
  phone: optionalString,
  password: optionalString,
  password_hash: optionalString,
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadataObject,
  app_metadata: metadataObject,
  role: optionalString,
  ban_duration: optionalString,
})

export type AdminUserBody = z.infer<typeof AdminUserBody>

/** GoTrue accepts bcrypt hashes for imported users; nothing else could be verified later. */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/

/** The hash to store for `password` or `password_hash` (undefined when neither is given). */
export async function adminPasswordHash(config: Config, body: AdminUserBody): Promise<string | undefined> {
  if (body.password && body.password_hash) {
    throw ERRORS.ValidationFailed('Only a password or a password hash should be provided')
  }
  if (body.password_hash) {
    if (!BCRYPT_HASH.test(body.password_hash))
      throw ERRORS.ValidationFailed('Invalid password hash: only bcrypt is supported', 422)
    return body.password_hash
  }
  if (body.password) {
    assertAcceptablePassword(config, body.password)
    return hashPassword(body.password)
  }
  return undefined
}

/** Only the default database role exists for users here; anything else is refused, not ignored. */
export function assertUserRole(role: string | undefined): void {
  if (role !== undefined && role !== 'authenticated') {
    throw ERRORS.ValidationFailed(
      'role: only "authenticated" is supported; put application roles in app_metadata.role',
    )
  }
}
