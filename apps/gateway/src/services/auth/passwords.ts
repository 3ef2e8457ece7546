import { readFileSync } from 'node:fs'
import { hash, verify } from '@node-rs/bcrypt'
import type { Config } from '../../config.ts'
import { ERRORS } from './errors.ts'

/** bcrypt cost of new hashes: GoTrue's default, and what the seed uses (docs/decisions/007). */
export const BCRYPT_COST = 10

/** bcrypt reads at most 72 bytes; longer passwords are refused rather than silently cut. */
const MAX_PASSWORD_BYTES = 72

let commonPasswords: Set<string> | undefined

/** The bundled list of the most common passwords (data/common-passwords.txt), loaded once. */
function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const text = readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    commonPasswords = new Set(text.split('\n').filter(Boolean))
  }
  return commonPasswords.has(password.toLowerCase())
}

export interface PasswordProblem {
  message: string
  reasons: string[]
}

/**
 * The password policy: a minimum length and not one of the commonly used passwords — no
 * composition rules (NIST SP 800-63B). Returns undefined when the password is acceptable.
 */
export function passwordProblem(config: Config, password: string): PasswordProblem | undefined {
  const messages: string[] = []
  const reasons: string[] = []
  if ([...password].length < config.AUTH_PASSWORD_MIN_LENGTH) {
    reasons.push('length')
    messages.push(`Password should be at least ${config.AUTH_PASSWORD_MIN_LENGTH} characters.`)
  }
  if (config.AUTH_PASSWORD_CHECK_COMMON && isCommonPassword(password)) {
    reasons.push('pwned')
    messages.push('Password is known to be weak and easy to guess, please choose a different one.')
  }
  return reasons.length ? { message: messages.join(' '), reasons } : undefined
}

/** Throws `weak_password` (or a length error) unless the new password meets the policy. */
export function assertAcceptablePassword(config: Config, password: string): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw ERRORS.PasswordTooLong()
  const problem = passwordProblem(config, password)
  if (problem) throw ERRORS.WeakPassword(problem.message, problem.reasons)
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, BCRYPT_COST)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored bcrypt hash (`$2a$`/`$2b$`/`$2y$`, as pgcrypto and GoTrue
 * write them). With no hash (unknown user, no password set) it still runs one verification
 * against a dummy hash of the same cost, so the answer takes as long either way.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored?.startsWith('$2')) {
    dummyHash ??= hash('dummy password for timing equalisation', BCRYPT_COST)
    await verify(password, await dummyHash).catch(() => false)
    return false
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    await verify(password.slice(0, MAX_PASSWORD_BYTES), stored).catch(() => false)
    return false
  }
  return verify(password, stored).catch(() => false)
}
