import type { Context, ErrorHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Logger } from 'pino'
import type { GatewayEnv } from './gateway-env.ts'

type Fields = Record<string, unknown>
type HeaderMap = Record<string, string>

/**
 * The one way a service fails (docs/decisions/012): a status, a stable code, a message, and any
 * fields and headers the protocol adds. Each protocol subclasses it once to write `body()` in its
 * wire shape (and `httpStatus` or `headers()` where it must); its catalogue (`ERRORS` in the
 * service's errors.ts) makes every error, one line each.
 */
export class ServiceError extends Error {
  readonly status: number
  readonly code: string
  /** Protocol-specific body fields (`details`, `hint`, `weak_password`, `issues`, …). */
  readonly fields: Fields
  readonly extraHeaders: HeaderMap

  constructor(status: number, code: string, message: string, fields: Fields = {}, headers: HeaderMap = {}) {
    super(message)
    this.status = status
    this.code = code
    this.fields = fields
    this.extraHeaders = headers
  }

  /** The status on the wire (storage answers every 4xx as 400). */
  get httpStatus(): ContentfulStatusCode {
    return this.status as ContentfulStatusCode
  }

  body(): unknown {
    return { code: this.code, message: this.message }
  }

  headers(): HeaderMap {
    return this.extraHeaders
  }

  /** The error as a response, for code that answers without a Hono context (the functions runner). */
  toResponse(): Response {
    const headers = new Headers({ 'Content-Type': 'application/json', ...this.headers() })
    return new Response(JSON.stringify(this.body()), { status: this.httpStatus, headers })
  }
}

/** The `Retry-After` (seconds) every service sends with its 503 while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = '1'
export const retryAfter = (seconds: number | string = DATABASE_RETRY_AFTER_SECONDS): HeaderMap => ({
  'Retry-After': String(seconds),
})

export interface ServiceErrorHandlerOptions {
  logger: Logger
  /** Names the service in the log line. */
  service: string
  /** The protocol's neutral answer to a failure it did not expect (a 5xx). */
  internal: () => ServiceError
  /** The protocol's 503 (with Retry-After) while PostgreSQL cannot be reached, so clients retry. */
  unavailable?: (error: Error) => ServiceError
  /** Gives a meaning in this protocol to other errors (a PostgreSQL error); `undefined`: unexpected. */
  translate?: (error: Error, c: Context) => ServiceError | undefined
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
    // The request id the root middleware gave this request (`X-Request-Id`), when it ran.
    const requestId: string | undefined = (c as Context<GatewayEnv>).get('requestId')
    const log = { err: thrown, requestId, method: c.req.method, path: c.req.path }
    let error = thrown instanceof ServiceError ? thrown : undefined
    if (!error && options.unavailable && isDatabaseUnavailable(thrown)) {
      options.logger.warn(log, `${options.service}: database unavailable`)
      error = options.unavailable(thrown)
    } else {
      error ??= options.translate?.(thrown, c)
      if (!error || error.status >= 500) options.logger.error(log, `${options.service} request failed`)
      error ??= options.internal()
    }
    options.finish?.(c, error)
    return c.json(error.body(), error.httpStatus, error.headers())
  }
}

/** SQLSTATEs of a server that is going away or not taking connections (class 08, 57P01–57P03, 53300). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/
/** node-postgres's own errors for a connection that died or never came (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (shutting down|starting up))/

/**
 * Whether an error means "PostgreSQL cannot be reached right now" rather than "this request is
 * wrong": a refused or reset socket, a server shutting down or restarting, a connection that died
 * mid-statement, no connection within the pool's time limit.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (/^E[A-Z]+$/.test(code) || UNAVAILABLE_SQLSTATE.test(code))) return true
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)
}
