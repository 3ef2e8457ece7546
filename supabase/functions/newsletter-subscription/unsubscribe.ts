import type { SqlClient } from '../_shared/function-context.ts'
import type { RequestOrigin } from './subscribe.ts'

export interface Subscriber {
  email: string
  status: 'pending' | 'subscribed' | 'unsubscribed'
}

export async function findByToken(
  sql: SqlClient,
  column: 'unsubscribe_token' | 'confirm_token',
  token: string,
): Promise<Subscriber | undefined> {
  const { rows } = await sql.query<Subscriber>(
    `select email, status from public.newsletter_subscribers where ${column} = $1`,
    [token],
  )
  return rows[0]
}

/** Unsubscribes the holder of the token (recorded in the consent ledger); twice keeps the first time. */
export async function unsubscribe(
  sql: SqlClient,
  token: string,
  source: string,
  origin: RequestOrigin,
): Promise<string | undefined> {
  const { rows } = await sql.query<{ outcome: string; email: string | null }>(
    'select * from public.newsletter_unsubscribe($1, $2, $3, $4)',
    [token, source, origin.ip, origin.userAgent],
  )
  return rows[0].outcome === 'invalid' ? undefined : (rows[0].email ?? undefined)
}

/** Confirms a pending subscription (double opt-in), recorded in the consent ledger. */
export async function confirm(
  sql: SqlClient,
  token: string,
  origin: RequestOrigin,
): Promise<{ outcome: 'confirmed' | 'already-confirmed'; email: string } | undefined> {
  const { rows } = await sql.query<{ outcome: string; email: string | null }>(
    'select * from public.newsletter_confirm_subscription($1, $2, $3)',
    [token, origin.ip, origin.userAgent],
  )
  const row = rows[0]
  if (row.outcome === 'invalid' || !row.email) return undefined
  return { outcome: row.outcome as 'confirmed' | 'already-confirmed', email: row.email }
}
