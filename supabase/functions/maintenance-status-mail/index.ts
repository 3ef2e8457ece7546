import type {
  FunctionContext,
  FunctionHandler,
  FunctionLimits,
  SqlClient,
} from '../_shared/function-context.ts'
import { CallerRefused } from '../_shared/function-context.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from '../_shared/responses.ts'

/** Back office only; small bodies. */
export const limits: FunctionLimits = { rateLimited: false, maxBodyBytes: 4 * 1024, timeoutMs: 30_000 }

export const ADMINS_ONLY = 'Only centre management can e-mail tenants about their requests'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const STATUS_LABEL: Record<string, string> = {
  received: 'Received',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  resolved: 'Resolved',
}
const CATEGORY_LABEL: Record<string, string> = {
  electrical: 'Electrical',
  plumbing: 'Plumbing',
  air_conditioning: 'Air-conditioning',
  structural: 'Structural',
  cleaning: 'Cleaning',
  security: 'Security',
  signage: 'Signage',
  other: 'Other',
}
const DATE = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'long', timeZone: 'UTC' })

interface LatestChange {
  event_id: string
  status: string
  note: string | null
  category: string
  description: string
  scheduled_for: string | null
  email: string
  contact_name: string
  company_name: string
  shop_no: string | null
}

/** Asked as the caller: an admin with the assurance level RLS requires of them. */
async function mayMailTenants(sql: SqlClient): Promise<boolean> {
  const { rows } = await sql.query<{ ok: boolean }>(
    `select coalesce(auth.jwt() ->> 'role', '') = 'authenticated' and private.is_admin()
       and private.has_required_aal() as ok`,
  )
  return rows[0]?.ok === true
}

/**
 * `maintenance-status-mail` (issue 13, item 6): `POST {request_id}` e-mails the tenant about the
 * latest status change of their request (status, date, the admin's note, a link to the portal)
 * and records the outcome on that change. The change itself was saved before; a failed mail is
 * answered `500 {error, provider_error}` and can be sent again with the same call.
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    try {
      if (!(await ctx.withCaller(req, mayMailTenants))) return errorResponse(403, ADMINS_ONLY)
    } catch (error) {
      if (error instanceof CallerRefused) return errorResponse(401, error.reason)
      throw error
    }
    const body = await readJsonBody(req)
    const id =
      typeof body === 'object' && body !== null && 'request_id' in body
        ? String((body as { request_id: unknown }).request_id)
        : ''
    if (!UUID.test(id)) return errorResponse(400, 'request_id must be the id of a maintenance request')

    const { rows } = await ctx.withServiceRole((sql) =>
      sql.query<LatestChange>(
        `select e.id as event_id, e.status, e.note, r.category, r.description, r.scheduled_for::text,
                t.email, t.contact_name, t.company_name, s.shop_no
           from public.maintenance_requests r
           join public.tenants t on t.id = r.tenant_id
           left join public.shops s on s.id = r.shop_id
           join lateral (
             select * from public.maintenance_request_events ev
             where ev.request_id = r.id order by ev.created_at desc, ev.id desc limit 1
           ) e on true
          where r.id = $1`,
        [id],
      ),
    )
    const change = rows[0]
    if (!change) return errorResponse(404, 'Maintenance request not found')

    const centre = await ctx.centreContacts()
    const status = STATUS_LABEL[change.status] ?? change.status
    const what = `${CATEGORY_LABEL[change.category] ?? change.category}${change.shop_no ? ` at ${change.shop_no}` : ''}`
    const scheduled =
      change.status === 'scheduled' && change.scheduled_for
        ? DATE.format(new Date(`${change.scheduled_for}T00:00:00Z`))
        : undefined
    const delivered = await ctx.sendMail({
      to: change.email,
      subject: `Maintenance request ${status.toLowerCase()}: ${what}`,
      category: 'maintenance-status',
      replyTo: centre.management_email,
      ...ctx.renderEmail(
        {
          preheader: `Your request is now ${status.toLowerCase()}${scheduled ? `, for ${scheduled}` : ''}`,
          heading: `Your maintenance request is ${status.toLowerCase()}`,
          paragraphs: [
            `Dear ${change.contact_name || change.company_name}, centre management updated your ${what.toLowerCase()} request.`,
            'You can follow it and add a comment in the tenant portal.',
          ],
          details: [
            ['Request', what],
            ['Status', status],
            ['Scheduled for', scheduled],
            ['Note from centre management', change.note ?? undefined],
            ['Your description', change.description],
          ],
          button: { label: 'Open the tenant portal', url: `${ctx.config.siteUrl}/tenant/dashboard` },
        },
        centre,
      ),
    })
    await ctx.withServiceRole((sql) =>
      sql.query(
        `update public.maintenance_request_events
            set email_status = $2, email_error = $3, emailed_at = now() where id = $1`,
        [change.event_id, delivered.ok ? 'sent' : 'failed', delivered.ok ? null : delivered.providerMessage],
      ),
    )
    if (!delivered.ok) {
      return errorResponse(500, 'Email service error', { provider_error: delivered.providerMessage })
    }
    return jsonResponse({ success: true, to: change.email })
  }
}
