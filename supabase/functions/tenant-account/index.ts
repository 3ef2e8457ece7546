import type { TenantAccountAction as AccountAction } from '@genesis/contracts/tenant-accounts'
import {
  CallerRefused,
  type FunctionContext,
  type FunctionHandler,
  type FunctionLimits,
} from '../_shared/function-context.ts'
import { errorResponse, jsonResponse, methodNotAllowed, readJsonBody } from '../_shared/responses.ts'

/** Back office only; small bodies. */
export const limits: FunctionLimits = { rateLimited: false, maxBodyBytes: 4 * 1024, timeoutMs: 30_000 }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** GoTrue's "banned for good": a hundred years. */
const FOREVER = '876000h'

/** The account as `public.tenant_account` describes it (see the migration). */
interface AccountState {
  tenant_id: string
  email: string
  contact_name: string
  user_id: string | null
  action_id: string
  action: AccountAction
}

/** A PostgreSQL error's SQLSTATE and message (both drivers carry `code`). */
function sqlError(error: unknown): { code: string; message: string } | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const code = (error as { code: unknown }).code
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined
  return { code, message: error instanceof Error ? error.message : String(error) }
}

/** A step of the auth admin API that did not work, with what GoTrue said. */
class AuthStepFailed extends Error {
  readonly step: string
  readonly providerMessage: string
  constructor(step: string, providerMessage: string) {
    super(`${step}: ${providerMessage}`)
    this.step = step
    this.providerMessage = providerMessage
  }
}

async function authCall(
  ctx: FunctionContext,
  step: string,
  path: string,
  init?: { method?: string; body?: unknown },
): Promise<Record<string, unknown>> {
  const res = await ctx.authAdmin(path, init)
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>
  if (!res.ok) {
    const message = String(body.msg ?? body.message ?? body.error_description ?? body.error ?? res.statusText)
    throw new AuthStepFailed(step, message)
  }
  return body
}

/** Where the links in the tenant's mails bring them: the portal's login, which shows the set-password screen. */
function portalLogin(ctx: FunctionContext): string {
  return encodeURIComponent(`${ctx.config.siteUrl}/tenant/login`)
}

/** Makes the invited user a tenant and links them to the tenant record (the service role's part). */
async function linkAccount(ctx: FunctionContext, tenantId: string, userId: string): Promise<void> {
  await authCall(ctx, 'Setting the tenant role', `/admin/users/${userId}`, {
    method: 'PUT',
    body: { app_metadata: { role: 'tenant' } },
  })
  await ctx.withServiceRole((sql) =>
    sql.query('update public.tenants set user_id = $2 where id = $1 and user_id is null', [tenantId, userId]),
  )
}

async function invite(ctx: FunctionContext, account: AccountState): Promise<string> {
  try {
    const user = await authCall(ctx, 'Sending the invite', `/invite?redirect_to=${portalLogin(ctx)}`, {
      body: { email: account.email, data: { full_name: account.contact_name } },
    })
    await linkAccount(ctx, account.tenant_id, String(user.id))
    return `Invite sent to ${account.email}.`
  } catch (error) {
    // The account may exist although its mail failed: link it anyway, so the invite can be resent.
    const { rows } = await ctx.withServiceRole((sql) =>
      sql.query<{ id: string }>('select id from auth.users where lower(email) = lower($1)', [account.email]),
    )
    if (rows[0]) await linkAccount(ctx, account.tenant_id, rows[0].id)
    throw error
  }
}

/** Does the action with the auth admin API; answers what the admin is told. */
async function perform(ctx: FunctionContext, account: AccountState): Promise<string> {
  const userId = account.user_id
  switch (account.action) {
    case 'invite':
      return invite(ctx, account)
    case 'resend_invite':
      await authCall(ctx, 'Sending the invite', `/invite?redirect_to=${portalLogin(ctx)}`, {
        body: { email: account.email, data: { full_name: account.contact_name } },
      })
      return `Invite sent again to ${account.email}.`
    case 'password_reset':
      await authCall(ctx, 'Sending the password-reset link', `/recover?redirect_to=${portalLogin(ctx)}`, {
        body: { email: account.email },
      })
      return `Password-reset link sent to ${account.email}.`
    case 'reset_two_factor': {
      const factors = await ctx.authAdmin(`/admin/users/${userId}/factors`)
      const list = (await factors.json().catch(() => [])) as { id: string }[]
      if (!factors.ok) throw new AuthStepFailed('Listing the factors', factors.statusText)
      for (const factor of list) {
        await authCall(ctx, 'Removing a factor', `/admin/users/${userId}/factors/${factor.id}`, {
          method: 'DELETE',
        })
      }
      return 'Two-factor sign-in removed. The tenant signs in with their password and can set it up again.'
    }
    case 'deactivate':
      await authCall(ctx, 'Deactivating the account', `/admin/users/${userId}`, {
        method: 'PUT',
        body: { ban_duration: FOREVER },
      })
      return 'Account deactivated. The tenant is signed out everywhere; their records are kept.'
    case 'reactivate':
      await authCall(ctx, 'Reactivating the account', `/admin/users/${userId}`, {
        method: 'PUT',
        body: { ban_duration: 'none' },
      })
      return 'Account reactivated. The tenant can sign in again.'
  }
}

/**
 * `tenant-account` (issue 13, item 4): centre management manages a tenant's portal account.
 * `POST { tenant_id, action }` with action one of invite, resend_invite, password_reset,
 * reset_two_factor, deactivate, reactivate.
 *
 * The database decides first, as the caller: `public.begin_tenant_account_action` refuses anyone
 * but an admin with their second factor (403), an unknown tenant (404) and an action that does not
 * fit the account (409, with what to do instead), and records the request. Only then does the
 * function use the auth admin API with the service role; the outcome is recorded on the request
 * (done, or failed with the auth service's message: 500).
 */
export default function create(ctx: FunctionContext): FunctionHandler {
  return async (req) => {
    if (req.method !== 'POST') return methodNotAllowed(['POST'])
    const body = await readJsonBody(req)
    const input = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
    const tenantId = typeof input.tenant_id === 'string' ? input.tenant_id : ''
    const action = typeof input.action === 'string' ? input.action : ''

    let account: AccountState
    try {
      account = await ctx.withCaller(req, async (sql) => {
        const { rows } = await sql.query<{ state: AccountState }>(
          'select public.begin_tenant_account_action($1::uuid, $2) as state',
          [UUID.test(tenantId) ? tenantId : null, action],
        )
        return rows[0].state
      })
    } catch (error) {
      if (error instanceof CallerRefused) return errorResponse(401, error.reason)
      const problem = sqlError(error)
      if (problem?.code === '42501') {
        return errorResponse(
          403,
          'Only centre management, signed in with their second factor, can manage tenant accounts',
        )
      }
      if (problem?.code === '22023') return errorResponse(400, problem.message)
      if (problem?.code === 'P0002') return errorResponse(404, 'Tenant not found')
      if (problem?.code === '55000') return errorResponse(409, problem.message)
      throw error
    }

    try {
      const message = await perform(ctx, account)
      await ctx.withServiceRole((sql) =>
        sql.query(
          `update public.tenant_account_actions set status = 'done', detail = $2, completed_at = now() where id = $1`,
          [account.action_id, message],
        ),
      )
      return jsonResponse({ success: true, message })
    } catch (error) {
      const detail =
        error instanceof AuthStepFailed
          ? `${error.step} failed: ${error.providerMessage}`
          : 'Unexpected failure'
      ctx.logger.error(
        { err: error, action: account.action, tenant: account.tenant_id },
        'tenant account action failed',
      )
      await ctx.withServiceRole((sql) =>
        sql.query(
          `update public.tenant_account_actions set status = 'failed', detail = $2, completed_at = now() where id = $1`,
          [account.action_id, detail],
        ),
      )
      // 500, not 502: the web app retries 502-504, and a retried invite would mail twice.
      return errorResponse(500, detail)
    }
  }
}
