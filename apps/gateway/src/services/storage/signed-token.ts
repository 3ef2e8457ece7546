import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { z } from 'zod'
import type { Keys } from '../../keys.ts'
import { ERRORS } from './errors.ts'

/** `expiresIn` of a signed download URL: whole seconds, positive, at most ten years. */
export const ExpiresIn = z
  .number()
  .int()
  .positive()
  .max(10 * 365 * 24 * 3600)

/** Upload tokens live two hours, as the client documents. */
export const UPLOAD_TOKEN_SECONDS = 2 * 3600

const DownloadClaims = z.object({ url: z.string(), scope: z.literal('download') })
const UploadClaims = z.object({
  url: z.string(),
  scope: z.literal('upload'),
  owner: z.string().nullable(),
  upsert: z.boolean(),
})
export type UploadClaims = z.infer<typeof UploadClaims>

const secretOf = (keys: Keys) => new TextEncoder().encode(keys.jwtSecret)

/**
 * A signed-URL token (docs/protocol/storage.md §4.6): an HS256 JWT of the gateway naming one
 * `⟨bucket⟩/⟨name⟩` and one scope. It carries no `role`, so it can never pass as an access token.
 */
export function signDownloadToken(keys: Keys, url: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ url, scope: 'download' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(secretOf(keys))
}

export function signUploadToken(
  keys: Keys,
  claims: { url: string; owner: string | null; upsert: boolean },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ ...claims, scope: 'upload' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + UPLOAD_TOKEN_SECONDS)
    .sign(secretOf(keys))
}

async function verify(keys: Keys, token: string | undefined): Promise<Record<string, unknown>> {
  if (!token) throw ERRORS.MissingParameter('token')
  try {
    // No clock tolerance: a signed URL stops working the second it expires.
    try {
      return (await jwtVerify(token, secretOf(keys), { algorithms: ['HS256'] })).payload
    } catch (error) {
      // During a rotation, URLs signed with the previous secret (JWT_SECRET_PREVIOUS) keep working.
      if (!keys.previousJwtSecret || !(error instanceof joseErrors.JWSSignatureVerificationFailed))
        throw error
      const previous = new TextEncoder().encode(keys.previousJwtSecret)
      return (await jwtVerify(token, previous, { algorithms: ['HS256'] })).payload
    }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw ERRORS.ExpiredToken()
    throw ERRORS.InvalidSignature()
  }
}

/** Checks a download token against the requested object; any mismatch is InvalidSignature. */
export async function verifyDownloadToken(keys: Keys, token: string | undefined, url: string): Promise<void> {
  const parsed = DownloadClaims.safeParse(await verify(keys, token))
  if (!parsed.success || parsed.data.url !== url) throw ERRORS.InvalidSignature()
}

export async function verifyUploadToken(
  keys: Keys,
  token: string | undefined,
  url: string,
): Promise<UploadClaims> {
  const parsed = UploadClaims.safeParse(await verify(keys, token))
  if (!parsed.success || parsed.data.url !== url) throw ERRORS.InvalidSignature()
  return parsed.data
}
