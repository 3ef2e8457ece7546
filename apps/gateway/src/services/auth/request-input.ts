import type { Context } from 'hono'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import { ERRORS } from './errors.ts'

/**
 * A string field that may be null or missing (both mean absent): GoTrue clients send
 * `code_challenge: null` and extra keys (`gotrue_meta_security`), which schemas ignore.
 */
export const optionalString = z
  .string()
  .nullish()
  .transform((v) => v ?? undefined)

/**
 * The largest user_metadata or app_metadata, as JSON text in bytes. Both travel inside every access
 * token (and so in every request's Authorization header, which proxies cap at around 8 KiB), and
 * into every row of the user list: a few kilobytes of profile data is plenty.
 */
export const METADATA_MAX_BYTES = 4096

const metadataBytes = (value: Record<string, unknown>) => Buffer.byteLength(JSON.stringify(value))
const tooLargeMessage = `must be at most ${METADATA_MAX_BYTES} bytes of JSON`

/** User-controlled metadata: a JSON object of at most METADATA_MAX_BYTES. */
export const metadataObject = z
  .record(z.string(), z.unknown())
  .refine((v) => metadataBytes(v) <= METADATA_MAX_BYTES, tooLargeMessage)
  .nullish()
  .transform((v) => v ?? undefined)

/** Refuses metadata that grew past METADATA_MAX_BYTES (a merge of small patches can). */
export function checkMetadataSize(
  field: 'user_metadata' | 'app_metadata',
  value: Record<string, unknown>,
): void {
  if (metadataBytes(value) > METADATA_MAX_BYTES) throw ERRORS.ValidationFailed(`${field}: ${tooLargeMessage}`)
}

const EMAIL = z.email({ error: 'Unable to validate email address: invalid format' })

/** Addresses are compared trimmed and lower-cased, as GoTrue stores them. */
export function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (!EMAIL.safeParse(email).success)
    throw ERRORS.ValidationFailed('Unable to validate email address: invalid format')
  if (email.length > 255) throw ERRORS.ValidationFailed('Unable to validate email address: address too long')
  return email
}

/**
 * Where a link in an e-mail may send the browser: `redirect_to` when it starts with an allowed
 * URL (same origin, path prefix), otherwise the site URL — an open redirect would hand sessions
 * to another site.
 */
export function allowedRedirect(config: Config, requested: string | undefined | null): string {
  const target = requested ? URL.parse(requested) : null
  if (target?.protocol !== 'http:' && target?.protocol !== 'https:') return config.siteUrl
  const folder = (url: URL) => (url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`)
  for (const base of config.redirectUrls.map((allowed) => URL.parse(allowed))) {
    if (base?.origin === target.origin && folder(target).startsWith(folder(base))) return target.toString()
  }
  return config.siteUrl
}

/** The `redirect_to` query parameter, checked against the allow-list. */
export function redirectFromQuery(c: Context, config: Config): string {
  return allowedRedirect(config, c.req.query('redirect_to'))
}

/** Metadata keys a user may never set themselves: `role` is decided by the service role only. */
export function withoutRole(data: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!data) return {}
  const { role: _ignored, ...rest } = data
  return rest
}

/** GoTrue's merge: keys of `patch` replace those of `base`; a `null` value removes the key. */
export function mergeMetadata(
  base: Record<string, unknown>,
  patch: Record<string, unknown> | undefined,
  field: 'user_metadata' | 'app_metadata' = 'user_metadata',
): Record<string, unknown> {
  if (!patch) return base
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  checkMetadataSize(field, merged)
  return merged
}
