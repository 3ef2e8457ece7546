/**
 * Everything the functions gateway itself answers (supabase-protocol.md §5), in the shape the
 * Supabase gateway uses: `{ code, message }` (401s also carry `msg` and an `sb-error-code` header).
 * Errors a function returns are its own and never pass through here.
 */
export interface FunctionsError {
  status: 401 | 404 | 413 | 429 | 500 | 503 | 504
  code: string
  message: string
  /** A failure of the gateway rather than of the function: sets `x-relay-error: true` (quirk 11). */
  relay: boolean
  headers?: Record<string, string>
}

export const ERRORS = {
  NoAuthHeader: (): FunctionsError => ({
    status: 401,
    code: 'UNAUTHORIZED_NO_AUTH_HEADER',
    message: 'Missing authorization header',
    relay: false,
  }),
  InvalidJwtFormat: (): FunctionsError => ({
    status: 401,
    code: 'UNAUTHORIZED_INVALID_JWT_FORMAT',
    message: 'Invalid JWT format',
    relay: false,
  }),
  InvalidJwt: (reason: string): FunctionsError => ({
    status: 401,
    code: 'UNAUTHORIZED_LEGACY_JWT',
    message: `Invalid JWT: ${reason}`,
    relay: false,
  }),
  FunctionNotFound: (): FunctionsError => ({
    status: 404,
    code: 'NOT_FOUND',
    message: 'Requested function was not found',
    relay: false,
  }),
  PayloadTooLarge: (limitBytes: number): FunctionsError => ({
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `Request body is larger than ${limitBytes} bytes`,
    relay: false,
  }),
  RateLimited: (retryAfterSeconds: number): FunctionsError => ({
    status: 429,
    code: 'TOO_MANY_REQUESTS',
    message: `Too many requests: try again in ${retryAfterSeconds} seconds`,
    relay: false,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  }),
  FunctionCrashed: (): FunctionsError => ({
    status: 500,
    code: 'FUNCTION_ERROR',
    message: 'The function failed while handling the request',
    relay: false,
  }),
  GatewayFailed: (): FunctionsError => ({
    status: 500,
    code: 'GATEWAY_ERROR',
    message: 'The functions gateway failed to relay the request',
    relay: true,
  }),
  FunctionBootFailed: (): FunctionsError => ({
    status: 503,
    code: 'BOOT_ERROR',
    message: 'The function could not be started',
    relay: true,
  }),
  FunctionTimedOut: (timeoutMs: number): FunctionsError => ({
    status: 504,
    code: 'TIMEOUT',
    message: `The function did not answer within ${timeoutMs} ms`,
    relay: true,
  }),
}

/** The one renderer of the functions service. */
export function renderFunctionsError(error: FunctionsError): Response {
  const headers = new Headers({ 'Content-Type': 'application/json', ...error.headers })
  const body: Record<string, string> = { code: error.code, message: error.message }
  if (error.status === 401) {
    // The Supabase gateway repeats the message as `msg` and the code as a header on auth failures.
    body.msg = error.message
    headers.set('sb-error-code', error.code)
  }
  if (error.relay) headers.set('x-relay-error', 'true')
  return new Response(JSON.stringify(body), { status: error.status, headers })
}
