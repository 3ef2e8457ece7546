import { z } from 'zod'
import type { Queryable } from '../../database/types.ts'
import { ERRORS } from './errors.ts'

/**
 * The User object of the protocol (docs/protocol/auth.md §2.3), built in SQL so that one round
 * trip yields it: RFC 3339 timestamps, `phone`/`email` as "" when absent, null fields omitted,
 * identities always present, factors only when there are some.
 */
export const USER_JSON = `(
  jsonb_strip_nulls(jsonb_build_object(
    'id', u.id, 'aud', u.aud, 'role', u.role,
    'email_confirmed_at', u.email_confirmed_at, 'phone_confirmed_at', u.phone_confirmed_at,
    'confirmed_at', u.confirmed_at, 'confirmation_sent_at', u.confirmation_sent_at,
    'recovery_sent_at', u.recovery_sent_at, 'invited_at', u.invited_at,
    'new_email', nullif(u.email_change, ''), 'email_change_sent_at', u.email_change_sent_at,
    'new_phone', nullif(u.phone_change, ''), 'last_sign_in_at', u.last_sign_in_at,
    'created_at', u.created_at, 'updated_at', u.updated_at, 'banned_until', u.banned_until
  ))
  || jsonb_build_object(
    'email', coalesce(u.email, ''), 'phone', coalesce(u.phone, ''),
    'app_metadata', u.raw_app_meta_data, 'user_metadata', u.raw_user_meta_data,
    'is_anonymous', u.is_anonymous,
    'identities', coalesce((
      select jsonb_agg(jsonb_build_object(
        'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
        'provider', i.provider, 'email', i.email, 'last_sign_in_at', i.last_sign_in_at,
        'created_at', i.created_at, 'updated_at', i.updated_at) order by i.created_at)
      from auth.identities i where i.user_id = u.id), '[]'::jsonb))
  || coalesce((
    select jsonb_build_object('factors', jsonb_agg(jsonb_build_object(
      'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
      'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
      'last_challenged_at', f.last_challenged_at) order by f.created_at))
    from auth.mfa_factors f where f.user_id = u.id having count(*) > 0), '{}'::jsonb)
)`

/** What the auth service needs to know about a user besides the JSON it answers with. */
export const USER_FIELDS = `u.id, u.email, u.encrypted_password,
  u.email_confirmed_at is not null as email_confirmed,
  coalesce(u.banned_until > now(), false) as banned,
  u.is_anonymous, u.raw_app_meta_data, u.raw_user_meta_data, u.email_change,
  u.email_change_confirm_status,
  exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified') as has_verified_factor,
  ${USER_JSON} as json`

const UserRowSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  encrypted_password: z.string().nullable(),
  email_confirmed: z.boolean(),
  banned: z.boolean(),
  is_anonymous: z.boolean(),
  raw_app_meta_data: z.record(z.string(), z.unknown()),
  raw_user_meta_data: z.record(z.string(), z.unknown()),
  email_change: z.string().nullable(),
  email_change_confirm_status: z.number().nullable(),
  has_verified_factor: z.boolean(),
  json: z.record(z.string(), z.unknown()),
})

export type UserRow = z.infer<typeof UserRowSchema>

/** Rows from the database are parsed too: a schema drift shows up as an error, not as bad data. */
export function parseUserRow(row: unknown): UserRow {
  return UserRowSchema.parse(row)
}

export async function findUserById(tx: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query(
    `select ${USER_FIELDS} from auth.users u where u.id = $1 and u.deleted_at is null`,
    [id],
  )
  return rows[0] ? parseUserRow(rows[0]) : undefined
}

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query(
    `select ${USER_FIELDS} from auth.users u where u.email = $1 and u.deleted_at is null and not u.is_sso_user`,
    [email],
  )
  return rows[0] ? parseUserRow(rows[0]) : undefined
}

const CredentialsSchema = z.object({
  id: z.string(),
  encrypted_password: z.string().nullable(),
  email_confirmed: z.boolean(),
  banned: z.boolean(),
})

/**
 * Just what a password sign-in checks, without building the user's JSON: most attempts end at
 * the password, and the session start reads the user afterwards anyway.
 */
export async function findCredentialsByEmail(tx: Queryable, email: string) {
  const { rows } = await tx.query(
    `select u.id, u.encrypted_password, u.email_confirmed_at is not null as email_confirmed,
            coalesce(u.banned_until > now(), false) as banned
     from auth.users u where u.email = $1 and u.deleted_at is null and not u.is_sso_user`,
    [email],
  )
  return rows[0] ? CredentialsSchema.parse(rows[0]) : undefined
}

/** Creates an e-mail user with its identity; returns the new id. */
export async function insertEmailUser(
  tx: Queryable,
  input: {
    id?: string
    email: string
    passwordHash: string | null
    confirmed: boolean
    userMetadata: Record<string, unknown>
    appMetadata?: Record<string, unknown>
    invited?: boolean
    bannedUntil?: string | null
  },
): Promise<string> {
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) }
  const result = await tx
    .query<{ id: string }>(
      `with u as (
       insert into auth.users (id, email, encrypted_password, email_confirmed_at, invited_at,
                               raw_app_meta_data, raw_user_meta_data, banned_until)
       values (coalesce($1::uuid, gen_random_uuid()), $2, $3, case when $4 then now() end,
               case when $5 then now() end, $6::jsonb, $7::jsonb, $8::timestamptz)
       returning id, email)
     insert into auth.identities (provider_id, user_id, identity_data, provider)
     select u.id::text, u.id, jsonb_build_object('sub', u.id::text, 'email', u.email,
              'email_verified', $4::boolean, 'phone_verified', false), 'email'
     from u returning user_id as id`,
      [
        input.id ?? null,
        input.email,
        input.passwordHash,
        input.confirmed,
        input.invited ?? false,
        JSON.stringify(appMetadata),
        JSON.stringify(input.userMetadata),
        input.bannedUntil ?? null,
      ],
    )
    .catch((error: unknown) => {
      // Two requests for one new address at once: the unique index decides, the loser is told so.
      if (isUniqueViolation(error)) throw ERRORS.EmailExists()
      throw error
    })
  return result.rows[0].id
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}

/** Marks the address as confirmed (and its identity as verified). */
export async function confirmEmail(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `with u as (update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
                where id = $1 returning id)
     update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
       updated_at = now()
     where user_id in (select id from u) and provider = 'email'`,
    [userId],
  )
}

/** A fresh random id, for the decoy user of a repeated sign-up. */
export function decoyUser(email: string, userMetadata: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString()
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}
