import type { z } from 'zod'
import { DATABASE_RETRY_AFTER_SECONDS, ServiceError } from '../../http/service-error.ts'

/** Every way an ingestion request can fail, as the client sees it. */
export const MonitoringErrorCode = {
  InvalidBody: 'invalid_body',
  InvalidJson: 'invalid_json',
  UnsupportedMediaType: 'unsupported_media_type',
  PayloadTooLarge: 'payload_too_large',
  RateLimited: 'rate_limited',
  NotFound: 'not_found',
  InternalError: 'internal_error',
} as const
export type MonitoringErrorCode = (typeof MonitoringErrorCode)[keyof typeof MonitoringErrorCode]

export interface FieldIssue {
  path: string
  message: string
}

/** An ingestion failure: HTTP status, stable code, readable message, and what to tell the client. */
export class MonitoringError extends ServiceError {
  readonly issues: FieldIssue[] | undefined

  constructor(
    status: 400 | 404 | 413 | 415 | 429 | 500 | 503,
    code: MonitoringErrorCode,
    message: string,
    extra: { issues?: FieldIssue[]; retryAfterSeconds?: number } = {},
  ) {
    const headers: Record<string, string> =
      extra.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(extra.retryAfterSeconds) }
    super(status, code, message, headers)
    this.issues = extra.issues
  }

  /** `{ error, message, issues? }` */
  override body() {
    return { error: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) }
  }
}

/** The catalogue: one factory per failure, so messages are written once. */
export const ERRORS = {
  InvalidBody: (issues: readonly z.core.$ZodIssue[]) =>
    new MonitoringError(400, MonitoringErrorCode.InvalidBody, 'The request body does not match the schema', {
      // At most 20 issues: enough to fix a client, bounded for a hostile one.
      issues: issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message })),
    }),
  InvalidJson: () =>
    new MonitoringError(400, MonitoringErrorCode.InvalidJson, 'The request body is not valid JSON'),
  TooDeep: (maxDepth: number) =>
    new MonitoringError(
      400,
      MonitoringErrorCode.InvalidJson,
      `The request body is nested deeper than ${maxDepth} levels`,
    ),
  UnsupportedMediaType: (type: string) =>
    new MonitoringError(
      415,
      MonitoringErrorCode.UnsupportedMediaType,
      `Content type ${JSON.stringify(type.slice(0, 100))} is not accepted: send application/json or text/plain`,
    ),
  PayloadTooLarge: (maxBytes: number) =>
    new MonitoringError(
      413,
      MonitoringErrorCode.PayloadTooLarge,
      `The request body is larger than ${maxBytes} bytes`,
    ),
  RateLimited: (retryAfterSeconds: number) =>
    new MonitoringError(
      429,
      MonitoringErrorCode.RateLimited,
      'Too many monitoring requests from this address',
      {
        retryAfterSeconds,
      },
    ),
  NotFound: () => new MonitoringError(404, MonitoringErrorCode.NotFound, 'No such monitoring endpoint'),
  InternalError: () =>
    new MonitoringError(500, MonitoringErrorCode.InternalError, 'The report could not be stored'),
  DatabaseUnavailable: () =>
    new MonitoringError(
      503,
      MonitoringErrorCode.InternalError,
      'The report could not be stored, retry shortly',
      {
        retryAfterSeconds: Number(DATABASE_RETRY_AFTER_SECONDS),
      },
    ),
}
