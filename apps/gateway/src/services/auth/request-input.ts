import type { Context } from 'hono'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import { firstIssue, type JsonBodyReader, jsonBodyReader } from '../../http/json-body.ts'
import { ERRORS } from './errors.ts'

/**
 * The auth service's JSON bodies: an empty body is `{}` and refusals are GoTrue's errors. GoTrue
 * clients send extra keys (`gotrue_meta_security`, `code_challenge: null`, …): schemas ignore
 * unknown keys and treat `null` like absent.
 */
export function authBodyReader(config: Config): JsonBodyReader {
  return jsonBodyReader(
    {
      tooLarge: ERRORS.RequestTooLarge,
      malformed: () => ERRORS.BadJson(),
      tooDeep: ERRORS.BodyTooDeep,
      invalid: (issues) => ERRORS.ValidationFailed(firstIssue(issues)),
    },
    config,
    { empty: {} },
  )
}

/** A string field that may be null or missing (both mean absent). */
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
  if (!requested) return config.siteUrl
  let target: URL
  try {
    target = new URL(requested)
  } catch {
    return config.siteUrl
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return config.siteUrl
  for (const allowed of config.redirectUrls) {
    let base: URL
    try {
      base = new URL(allowed)
    } catch {
      continue
    }
    const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`
    const targetPath = target.pathname.endsWith('/') ? target.pathname : `${target.pathname}/`
    if (target.origin === base.origin && targetPath.startsWith(basePath)) return target.toString()
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
