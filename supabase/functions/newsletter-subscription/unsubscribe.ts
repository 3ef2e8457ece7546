import type { SqlClient } from '../_shared/function-context.ts'

export interface Subscriber {
  email: string
  status: 'subscribed' | 'unsubscribed'
}

export async function findByToken(sql: SqlClient, token: string): Promise<Subscriber | undefined> {
  const { rows } = await sql.query<Subscriber>(
    'select email, status from public.newsletter_subscribers where unsubscribe_token = $1',
    [token],
  )
  return rows[0]
}

/** Unsubscribes the holder of the token; unsubscribing twice keeps the first time. */
export async function unsubscribe(sql: SqlClient, token: string): Promise<Subscriber | undefined> {
  const { rows } = await sql.query<Subscriber>(
    `update public.newsletter_subscribers
        set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now())
      where unsubscribe_token = $1
      returning email, status`,
    [token],
  )
  return rows[0]
}
