import type { Queryable } from '../../database/types.ts'

export type AuditAction =
  | 'login'
  | 'logout'
  | 'token_refreshed'
  | 'token_revoked'
  | 'user_signedup'
  | 'user_confirmation_requested'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_updated_password'
  | 'user_modified'
  | 'user_invited'
  | 'user_deleted'
  | 'user_repeated_signup'
  | 'generate_recovery_codes'
  | 'factor_in_progress'
  | 'verification_attempted'
  | 'mfa_code_login'
  | 'factor_unenrolled'
  | 'factor_verified'
  | 'factor_enrolled'
  | 'admin_user_updated'
  | 'admin_user_banned'
  | 'admin_generate_link'
  | 'otp_sent'
  | 'user_signin_locked'

export interface AuditEvent {
  action: AuditAction
  actorId: string | null
  actorUsername?: string | null
  logType: 'account' | 'token' | 'user' | 'team' | 'factor'
  traits?: Record<string, unknown>
  ip?: string
}

/** Writes one security event to auth.audit_log_entries in GoTrue's payload shape. */
export async function writeAudit(tx: Queryable, event: AuditEvent): Promise<void> {
  await tx.query(`insert into auth.audit_log_entries (payload, ip_address) values ($1::json, $2)`, [
    JSON.stringify(auditPayload(event)),
    (event.ip ?? '').slice(0, 64),
  ])
}

export function auditPayload(event: AuditEvent): Record<string, unknown> {
  return {
    action: event.action,
    actor_id: event.actorId ?? '00000000-0000-0000-0000-000000000000',
    actor_username: event.actorUsername ?? '',
    actor_via_sso: false,
    log_type: event.logType,
    traits: event.traits ?? {},
  }
}
