import { DATABASE_RETRY_AFTER_SECONDS, ServiceError } from '../../http/service-error.ts'

/**
 * Everything the functions gateway itself answers (docs/protocol/functions.md §5), in the shape the
 * Supabase gateway uses: `{ code, message }` with the code again in an `sb-error-code` header
 * (401s also carry `msg`). Errors a function returns are its own and never pass through here.
 */
export class FunctionsError extends ServiceError {
  /** A failure of the runtime rather than an answer of the function: sets `x-relay-error: true` (docs/protocol/README.md, quirk 11). */
  readonly relay: boolean

  constructor(
    status: 401 | 404 | 413 | 429 | 500 | 503 | 504 | 546,
    code: string,
    message: string,
    relay: boolean,
    headers: Record<string, string> = {},
  ) {
    super(status, code, message, headers)
    this.relay = relay
  }

  override body() {
    // The Supabase gateway repeats the message as `msg` on auth failures.
    const body: Record<string, string> = { code: this.code, message: this.message }
    if (this.status === 401) body.msg = this.message
    return body
  }

  override headers() {
    const headers: Record<string, string> = { ...this.extraHeaders, 'sb-error-code': this.code }
    if (this.relay) headers['x-relay-error'] = 'true'
    return headers
  }
}

/** Codes and statuses as Supabase's functions gateway answers them (its "Status codes" and "Error codes" pages). */
export const ERRORS = {
  NoAuthHeader: () =>
    new FunctionsError(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header', false),
  InvalidJwtFormat: () =>
    new FunctionsError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format', false),
  InvalidJwt: (reason: string) =>
    new FunctionsError(401, 'UNAUTHORIZED_LEGACY_JWT', `Invalid JWT: ${reason}`, false),
  FunctionNotFound: () => new FunctionsError(404, 'NOT_FOUND', 'Requested function was not found', false),
  PayloadTooLarge: (limitBytes: number) =>
    new FunctionsError(413, 'PAYLOAD_TOO_LARGE', `Request body is larger than ${limitBytes} bytes`, false),
  RateLimited: (retryAfterSeconds: number) =>
    new FunctionsError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many requests: try again in ${retryAfterSeconds} seconds`,
      false,
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  /** The function threw instead of answering (Supabase: 500 WORKER_ERROR, a relay error). */
  FunctionCrashed: () =>
    new FunctionsError(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)', true),
  DatabaseUnavailable: () =>
    new FunctionsError(503, 'DATABASE_UNAVAILABLE', 'The database is unavailable, retry shortly', true, {
      'Retry-After': DATABASE_RETRY_AFTER_SECONDS,
    }),
  GatewayFailed: () =>
    new FunctionsError(500, 'GATEWAY_ERROR', 'The functions gateway failed to relay the request', true),
  FunctionBootFailed: () =>
    new FunctionsError(503, 'BOOT_ERROR', 'Function failed to start (please check logs)', true),
  /** No response within the function's idle timeout (Supabase: 504). */
  FunctionTimedOut: (timeoutMs: number) =>
    new FunctionsError(504, 'IDLE_TIMEOUT', `The function did not answer within ${timeoutMs} ms`, true),
  /** Stopped at the wall-clock limit before it answered (Supabase: 546, a resource limit). */
  WallClockLimit: (limitMs: number) =>
    new FunctionsError(
      546,
      'WORKER_RESOURCE_LIMIT',
      `Function was stopped at the wall clock limit of ${limitMs} ms`,
      true,
    ),
}

/** The one renderer of the functions service (the runner answers without a Hono context). */
export function renderFunctionsError(error: FunctionsError): Response {
  return error.toResponse()
}
