import { retryAfter, ServiceError } from '../../http/service-error.ts'

/**
 * Everything the functions gateway itself answers (docs/protocol/functions.md §5), in the Supabase
 * gateway's shape: `{ code, message }` with the code again in an `sb-error-code` header (401s also
 * carry `msg`). Errors a function returns are its own and never pass through here.
 */
export class FunctionsError extends ServiceError {
  override body() {
    return { code: this.code, message: this.message, ...(this.status === 401 ? { msg: this.message } : {}) }
  }

  override headers() {
    return { ...this.extraHeaders, 'sb-error-code': this.code }
  }
}

const e = (status: number, code: string, message: string, headers?: Record<string, string>) =>
  new FunctionsError(status, code, message, {}, headers)
/** A failure of the runtime, not an answer of the function: `x-relay-error: true` (docs/protocol/README.md, quirk 11). */
const relay = (status: number, code: string, message: string, headers = {}) =>
  e(status, code, message, { ...headers, 'x-relay-error': 'true' })

/** Codes and statuses as Supabase's functions gateway answers them (its "Status codes" and "Error codes" pages). */
// biome-ignore format: one line per error
export const ERRORS = {
  NoAuthHeader: () => e(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header'),
  InvalidJwtFormat: () => e(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format'),
  InvalidJwt: (reason: string) => e(401, 'UNAUTHORIZED_LEGACY_JWT', `Invalid JWT: ${reason}`),
  FunctionNotFound: () => e(404, 'NOT_FOUND', 'Requested function was not found'),
  PayloadTooLarge: (limitBytes: number) => e(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limitBytes} bytes`),
  RateLimited: (seconds: number) => e(429, 'TOO_MANY_REQUESTS', `Too many requests: try again in ${seconds} seconds`, retryAfter(seconds)),
  /** The function threw instead of answering. */
  FunctionCrashed: () => relay(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)'),
  DatabaseUnavailable: () => relay(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable, retry shortly', retryAfter()),
  GatewayFailed: () => relay(500, 'GATEWAY_ERROR', 'The functions gateway failed to relay the request'),
  FunctionBootFailed: () => relay(503, 'BOOT_ERROR', 'Function failed to start (please check logs)'),
  /** No response within the function's idle timeout. */
  FunctionTimedOut: (timeoutMs: number) => relay(504, 'IDLE_TIMEOUT', `The function did not answer within ${timeoutMs} ms`),
  /** Stopped at the wall-clock limit before it answered (Supabase: 546, a resource limit). */
  WallClockLimit: (limitMs: number) => relay(546, 'WORKER_RESOURCE_LIMIT', `Function was stopped at the wall clock limit of ${limitMs} ms`),
}
