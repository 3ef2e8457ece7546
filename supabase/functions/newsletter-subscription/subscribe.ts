import type { SqlClient } from '../_shared/function-context.ts'

/** Who asked: the visitor's address (the gateway's X-Forwarded-For) and browser, for the ledger. */
export interface RequestOrigin {
  ip: string | null
  userAgent: string | null
}

export type SubscribeResult =
  | { kind: 'pending'; confirmToken: string; unsubscribeToken: string }
  | { kind: 'already-subscribed' }
  | { kind: 'already-pending' }

/**
 * Asks for a subscription (double opt-in: the address stays pending until the confirmation link
 * is followed). `public.newsletter_request_subscription` records the wording, source, address and
 * agent in the consent ledger; an address that is already subscribed keeps its original consent.
 */
export async function subscribe(
  sql: SqlClient,
  subscriber: { email: string; source: string; consentText: string },
  origin: RequestOrigin,
): Promise<SubscribeResult> {
  const { rows } = await sql.query<{ outcome: string; confirm_token: string; unsubscribe_token: string }>(
    'select * from public.newsletter_request_subscription($1, $2, $3, $4, $5)',
    [subscriber.email, subscriber.source, subscriber.consentText, origin.ip, origin.userAgent],
  )
  const row = rows[0]
  if (row.outcome === 'pending') {
    return { kind: 'pending', confirmToken: row.confirm_token, unsubscribeToken: row.unsubscribe_token }
  }
  return { kind: row.outcome === 'already-pending' ? 'already-pending' : 'already-subscribed' }
}

export function requestOrigin(req: Request): RequestOrigin {
  const forwarded = req.headers.get('x-forwarded-for')
  return {
    ip: forwarded ? forwarded.split(',')[0].trim().slice(0, 64) || null : null,
    userAgent: req.headers.get('user-agent')?.slice(0, 512) || null,
  }
}
