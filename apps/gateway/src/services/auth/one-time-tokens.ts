import { createHash, randomInt } from 'node:crypto'
import type { Queryable } from '../../database/types.ts'
import { hashToken } from './sessions.ts'

/** How long a link or code in an e-mail stays valid. */
export const ONE_TIME_TOKEN_SECONDS = 3600

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token'

/**
 * The link token of an e-mail: hex SHA-224 of address + code (GoTrue's convention), so one
 * 6-digit code serves both as the code typed in and, hashed, as the link. Only a SHA-256 of
 * it is stored.
 */
export function linkToken(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex')
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** Issues (or replaces) the user's one-time token of this type; returns what goes in the mail. */
export async function issueOneTimeToken(
  tx: Queryable,
  userId: string,
  type: OneTimeTokenType,
  email: string,
): Promise<{ otp: string; tokenHash: string }> {
  const otp = newOtp()
  const tokenHash = linkToken(email, otp)
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
     values ($1, $2, $3, $4)
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(), updated_at = now()`,
    [userId, type, hashToken(tokenHash), email],
  )
  return { otp, tokenHash }
}

export interface FoundToken {
  user_id: string
  token_type: OneTimeTokenType
  relates_to: string
}

/**
 * Takes the unexpired one-time token with this link token and one of `types` (deleting it, so
 * each link works once). Undefined when there is none.
 */
export async function consumeOneTimeToken(
  tx: Queryable,
  tokenHash: string,
  types: OneTimeTokenType[],
  userId?: string,
): Promise<FoundToken | undefined> {
  const { rows } = await tx.query<FoundToken & { fresh: boolean }>(
    `delete from auth.one_time_tokens
     where token_hash = $1 and token_type = any($2::text[]) and ($3::uuid is null or user_id = $3)
     returning user_id, token_type, relates_to, created_at > now() - make_interval(secs => $4) as fresh`,
    [hashToken(tokenHash), types, userId ?? null, ONE_TIME_TOKEN_SECONDS],
  )
  const row = rows[0]
  if (!row?.fresh) return undefined
  return { user_id: row.user_id, token_type: row.token_type, relates_to: row.relates_to }
}
