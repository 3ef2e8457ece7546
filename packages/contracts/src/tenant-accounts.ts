/**
 * What centre management can do to a tenant's portal account (issue 13, item 4): the web app's
 * buttons and the `tenant-account` function share this list; the database checks it again
 * (`public.begin_tenant_account_action`).
 */
export const TENANT_ACCOUNT_ACTIONS = [
  'invite',
  'resend_invite',
  'password_reset',
  'reset_two_factor',
  'deactivate',
  'reactivate',
] as const
export type TenantAccountAction = (typeof TENANT_ACCOUNT_ACTIONS)[number]
