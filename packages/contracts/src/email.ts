import { z } from 'zod'

/** The spec's "simple {email} pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address'

/** Trimmed, at most 254 characters (RFC 5321), matching the spec's pattern. */
export const EmailSchema = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .trim()
  .max(254, INVALID_EMAIL_MESSAGE)
  .regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE)

/** Addresses are compared and stored lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}
