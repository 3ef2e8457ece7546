import type { Queryable } from './types.ts'

/** The settings PostgreSQL itself enforces (RLS reads them from private.security_settings). */
export interface SecuritySettings {
  AUTH_MFA_REQUIRED_FOR_ADMINS: boolean
}

/**
 * Writes the gateway's security settings into the database, where row-level security reads them
 * (migration 20261123100000). Runs at start-up after the migrations, so the database enforces
 * what the environment says from the first request on.
 */
export async function applySecuritySettings(db: Queryable, settings: SecuritySettings): Promise<void> {
  await db.query(
    `insert into private.security_settings (singleton, admin_mfa_required, updated_at) values (true, $1, now())
     on conflict (singleton) do update
       set admin_mfa_required = excluded.admin_mfa_required, updated_at = excluded.updated_at
       where private.security_settings.admin_mfa_required is distinct from excluded.admin_mfa_required`,
    [settings.AUTH_MFA_REQUIRED_FOR_ADMINS],
  )
}
