import type { SqlClient } from '../_shared/function-context.ts'

export type SubscribeResult =
  | { kind: 'subscribed'; unsubscribeToken: string }
  | { kind: 'already-subscribed' }

/**
 * Adds the address, or subscribes an unsubscribed one again with fresh consent. Addresses are
 * unique case-insensitively (index on lower(email)); an address that is already subscribed is
 * left as it is, its original consent intact.
 */
export async function subscribe(
  sql: SqlClient,
  subscriber: { email: string; source: string; consentText: string },
): Promise<SubscribeResult> {
  const { rows } = await sql.query<{ unsubscribe_token: string }>(
    `insert into public.newsletter_subscribers as s (email, source, consent_text, consented_at, status)
     values ($1, $2, $3, now(), 'subscribed')
     on conflict ((lower(email))) do update
       set status = 'subscribed',
           source = excluded.source,
           consent_text = excluded.consent_text,
           consented_at = excluded.consented_at,
           unsubscribed_at = null
       where s.status = 'unsubscribed'
     returning s.unsubscribe_token`,
    [subscriber.email, subscriber.source, subscriber.consentText],
  )
  return rows.length > 0
    ? { kind: 'subscribed', unsubscribeToken: rows[0].unsubscribe_token }
    : { kind: 'already-subscribed' }
}
