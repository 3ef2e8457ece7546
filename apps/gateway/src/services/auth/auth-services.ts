import type { Context } from 'hono'
import type { Deps } from '../../deps.ts'
import type { JsonBodyReader } from '../../http/json-body.ts'
import { clientIp } from '../../http/rate-limit.ts'
import type { AuthRateLimits } from './rate-limits.ts'
import type { SignInGuard } from './sign-in-guard.ts'

/** What every auth operation is built from. */
export interface AuthServices {
  deps: Deps
  limits: AuthRateLimits
  /** Password guessing: failures per (account, address), per address and in total (sign-in-guard.ts). */
  signIn: SignInGuard
  /** Reads and validates JSON bodies (capped by JSON_BODY_LIMIT_BYTES and JSON_MAX_DEPTH). */
  body: JsonBodyReader
}

/** The client's address as recorded in sessions and the audit log. */
export function requestIp(c: Context, services: AuthServices): string {
  return clientIp(c, services.deps.config.TRUST_PROXY)
}
