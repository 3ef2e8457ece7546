import type { ParsedEnquiry } from '@genesis/contracts/enquiry'
import type { SqlClient } from '../_shared/function-context.ts'

/** Inserts the enquiry with every field the visitor gave; delivery is still `pending`. */
export async function storeEnquiry(sql: SqlClient, enquiry: ParsedEnquiry): Promise<string> {
  const { rows } = await sql.query<{ id: string }>(
    `insert into public.enquiries
       (kind, unit_number, name, email, phone, company, business_type, enquiry_type, message, source)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     returning id`,
    [
      enquiry.kind,
      enquiry.kind === 'unit' ? enquiry.unitNumber : null,
      enquiry.name,
      enquiry.email,
      enquiry.phone ?? null,
      enquiry.kind === 'leasing' ? (enquiry.company ?? null) : null,
      enquiry.kind === 'leasing' ? (enquiry.businessType ?? null) : null,
      enquiry.kind === 'contact' ? (enquiry.enquiryType ?? null) : null,
      enquiry.message ?? null,
      enquiry.kind === 'unit' ? 'unit_dialog' : enquiry.source,
    ],
  )
  return rows[0].id
}

/** Records how the mail to the centre went: `sent` (SMTP accepted it or it is in the outbox) or `failed`. */
export async function recordDelivery(
  sql: SqlClient,
  id: string,
  outcome: { status: 'sent' } | { status: 'failed'; providerError: string },
): Promise<void> {
  await sql.query('update public.enquiries set email_status = $2, provider_error = $3 where id = $1', [
    id,
    outcome.status,
    outcome.status === 'failed' ? outcome.providerError : null,
  ])
}

/**
 * Enquiries from `email` in the last 24 hours, this one included: the acknowledgement is sent only
 * while this stays within the daily ceiling, so a form cannot be used to mail-bomb an address.
 */
export async function enquiriesFromAddressToday(sql: SqlClient, email: string): Promise<number> {
  const { rows } = await sql.query<{ n: number }>(
    `select count(*)::int as n from public.enquiries
      where lower(email) = lower($1) and created_at > now() - interval '24 hours'`,
    [email],
  )
  return rows[0].n
}
