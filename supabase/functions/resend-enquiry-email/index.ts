import { parseEnquiryPayload } from '@genesis/contracts/enquiry'
import type {
  FunctionContext,
  FunctionHandler,
  FunctionLimits,
  SqlClient,
} from '../_shared/function-context.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from '../_shared/responses.ts'
import { teamMail } from '../send-enquiry-email/enquiry-emails.ts'
import { recordDelivery } from '../send-enquiry-email/store-enquiry.ts'

/** Back office only; small bodies. */
export const limits: FunctionLimits = { rateLimited: false, maxBodyBytes: 4 * 1024, timeoutMs: 30_000 }

export const ADMINS_ONLY = 'Only centre management can resend enquiry mail'
export const NO_SUCH_ENQUIRY = 'Enquiry not found'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The claims of the caller's token (the gateway has verified its signature before the call). */
function callerClaims(req: Request): Record<string, unknown> | null {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * Whether the caller may act as centre management, decided by the database's own predicates
 * (`private.is_admin()` and `private.has_required_aal()`) evaluated with the caller's claims.
 */
async function isAdminWithRequiredLevel(sql: SqlClient, claims: Record<string, unknown>): Promise<boolean> {
  await sql.query(
    `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true)`,
    [JSON.stringify(claims), typeof claims.sub === 'string' ? claims.sub : ''],
  )
  const { rows } = await sql.query<{ ok: boolean }>(
    `select coalesce(auth.jwt() ->> 'role', '') = 'authenticated' and private.is_admin()
       and private.has_required_aal() as ok`,
  )
  return rows[0]?.ok === true
}

interface StoredEnquiry {
  kind: 'unit' | 'leasing' | 'contact'
  unit_number: string | null
  name: string
  email: string
  phone: string | null
  company: string | null
  business_type: string | null
  enquiry_type: string | null
  message: string | null
  created_at: Date | string
}

/** The stored enquiry as the form payload it came from, so the same mail is built again. */
function asPayload(e: StoredEnquiry): unknown {
  const common = {
    name: e.name,
    email: e.email,
    phone: e.phone ?? undefined,
    message: e.message ?? undefined,
  }
  if (e.kind === 'unit') return { ...common, unitNumber: e.unit_number ?? '' }
  if (e.kind === 'leasing')
    return {
      ...common,
      source: 'leasing_form',
      company: e.company ?? undefined,
      businessType: e.business_type ?? undefined,
    }
  return { ...common, source: 'contact_page', enquiryType: e.enquiry_type ?? undefined }
}

/**
 * `resend-enquiry-email` (issue 13, item 5): an admin (with their second factor) sends the centre's
 * notification mail of a stored enquiry again, typically one whose first delivery failed. The
 * outcome is recorded on the enquiry as the first attempt's was; a failure is answered as
 * send-enquiry-email answers it (500 with provider_error).
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const claims = callerClaims(req)
    if (!claims || !(await ctx.withServiceRole((sql) => isAdminWithRequiredLevel(sql, claims)))) {
      return errorResponse(403, ADMINS_ONLY)
    }
    const body = await readJsonBody(req)
    const id =
      typeof body === 'object' && body !== null && 'enquiry_id' in body
        ? String((body as { enquiry_id: unknown }).enquiry_id)
        : ''
    if (!UUID.test(id)) return errorResponse(400, 'enquiry_id must be the id of an enquiry')

    const stored = await ctx.withServiceRole((sql) =>
      sql.query<StoredEnquiry>(
        `select kind, unit_number, name, email, phone, company, business_type, enquiry_type, message, created_at
           from public.enquiries where id = $1`,
        [id],
      ),
    )
    const row = stored.rows[0]
    if (!row) return errorResponse(404, NO_SUCH_ENQUIRY)
    const parsed = parseEnquiryPayload(asPayload(row))
    if (!parsed.ok) return errorResponse(422, parsed.error)

    const centre = await ctx.centreContacts()
    const team = teamMail(parsed.enquiry, centre, new Date(row.created_at))
    const delivered = await ctx.sendMail({
      to: team.to,
      subject: team.subject,
      replyTo: row.email,
      category: `enquiry-${row.kind}`,
      ...ctx.renderEmail(team.content, centre),
    })
    if (!delivered.ok) {
      await ctx.withServiceRole((sql) =>
        recordDelivery(sql, id, { status: 'failed', providerError: delivered.providerMessage }),
      )
      return errorResponse(500, 'Email service error', { provider_error: delivered.providerMessage })
    }
    await ctx.withServiceRole((sql) => recordDelivery(sql, id, { status: 'sent' }))
    return jsonResponse({ success: true })
  }
}
