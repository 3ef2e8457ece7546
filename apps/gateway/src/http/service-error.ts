import type { Context, ErrorHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from 'pino'
import type { GatewayEnv } from './gateway-env.ts'

/**
 * The one way a service fails (docs/decisions/012): an error with an HTTP status, a stable code and
 * a body in its protocol's wire shape. Each protocol (GoTrue, PostgREST, storage, functions,
 * monitoring, realtime) subclasses it once and overrides `body()` (and, where the protocol wants,
 * `httpStatus` or `headers()`); the renderer below is shared.
 */
export class ServiceError extends Error {
  /** The status the error means (storage puts it into its body; the others send it). */
  readonly status: number
  /** The protocol's stable error code. */
  readonly code: string
  /** Extra response headers (`Retry-After`, `WWW-Authenticate`, …). */
  readonly extraHeaders: Record<string, string>

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message)
    this.status = status
    this.code = code
    this.extraHeaders = headers
  }

  /** The status on the wire (storage answers every 4xx as 400). */
  get httpStatus(): ContentfulStatusCode {
    return this.status as ContentfulStatusCode
  }

  /** The JSON body in the protocol's shape. */
  body(): unknown {
    return { code: this.code, message: this.message }
  }

  headers(): Record<string, string> {
    return this.extraHeaders
  }

  /** The error as a response, for code that answers without a Hono context (the functions runner). */
  toResponse(): Response {
    const headers = new Headers({ 'Content-Type': 'application/json', ...this.headers() })
    return new Response(JSON.stringify(this.body()), { status: this.httpStatus, headers })
  }
}

/** Writes a service error as the response of `c`. */
export function renderServiceError(c: Context, error: ServiceError): Response {
  return c.json(error.body(), error.httpStatus, error.headers())
}

/** The request id the root middleware gave this request (`X-Request-Id`). */
export function requestIdOf(c: Context): string | undefined {
  const id: unknown = (c as Context<GatewayEnv>).get('requestId')
  return typeof id === 'string' ? id : undefined
}

export interface ServiceErrorHandlerOptions {
  logger: Logger
  /** Names the service in the log line. */
  service: string
  /** What the protocol answers for a failure it did not expect (always a 5xx). */
  internal: () => ServiceError
  /**
   * Turns errors that are not ServiceErrors but have a meaning in this protocol (a PostgreSQL
   * error, a row-level security refusal) into one; `undefined` means "unexpected".
   */
  translate?: (error: Error, c: Context) => ServiceError | undefined
  /**
   * What the protocol answers while PostgreSQL cannot be reached (stopped, restarting, out of
   * connections): a 503 with `Retry-After`, so clients retry instead of reporting a bug.
   */
  unavailable?: () => ServiceError
  /** Last touches on the response (storage closes a connection whose upload it refused early). */
  finish?: (c: Context, error: ServiceError) => void
}

/**
 * The `onError` of a service: its own errors are rendered in its wire shape; anything else is
 * logged through pino with the request id and answered with the protocol's neutral 500, so no
 * internal detail (SQL, stack, paths) reaches the client.
 */
export function serviceErrorHandler(options: ServiceErrorHandlerOptions): ErrorHandler {
  return (thrown, c) => {
    let error = thrown instanceof ServiceError ? thrown : options.translate?.(thrown, c)
    if (!error && options.unavailable && isDatabaseUnavailable(thrown)) {
      options.logger.warn(
        { err: thrown, requestId: requestIdOf(c), method: c.req.method, path: c.req.path },
        `${options.service}: database unavailable`,
      )
      return renderServiceError(c, options.unavailable())
    }
    if (!error || error.status >= 500) {
      options.logger.error(
        { err: thrown, requestId: requestIdOf(c), method: c.req.method, path: c.req.path },
        `${options.service} request failed`,
      )
    }
    error ??= options.internal()
    options.finish?.(c, error)
    return renderServiceError(c, error)
  }
}

/** SQLSTATEs of a server that is going away or not taking connections (class 08, 57P01–57P03, 53300). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/
/** node-postgres's own errors for a connection that died or never came (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (shutting down|starting up))/

/**
 * Whether an error means "PostgreSQL cannot be reached right now" rather than "this request is
 * wrong": a refused or reset socket, a server shutting down or restarting, a connection that died
 * mid-statement, no connection within the pool's time limit.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    if (/^E[A-Z]+$/.test(code)) return true
    if (UNAVAILABLE_SQLSTATE.test(code)) return true
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)
}

/** The `Retry-After` (seconds) every service sends with its 503 while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = '1'
