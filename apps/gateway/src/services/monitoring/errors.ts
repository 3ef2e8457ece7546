import type { z } from 'zod'
import type { JsonBodyErrors } from '../../http/json-body.ts'
import { retryAfter, ServiceError } from '../../http/service-error.ts'

/** An ingestion failure as the client sees it: `{ error, message, issues? }`. */
export class MonitoringError extends ServiceError {
  override body() {
    return { error: this.code, message: this.message, ...this.fields }
  }
}

const e = (...args: ConstructorParameters<typeof MonitoringError>) => new MonitoringError(...args)
// At most 20 issues: enough to fix a client, bounded for a hostile one.
const fieldIssues = (issues: readonly z.core.$ZodIssue[]) =>
  issues.slice(0, 20).map((i) => ({ path: i.path.join('.'), message: i.message }))

/** The catalogue: one factory per failure, so messages are written once. */
// biome-ignore format: one line per error
export const ERRORS = {
  InvalidBody: (issues: readonly z.core.$ZodIssue[]) => e(400, 'invalid_body', 'The request body does not match the schema', { issues: fieldIssues(issues) }),
  InvalidJson: () => e(400, 'invalid_json', 'The request body is not valid JSON'),
  TooDeep: (maxDepth: number) => e(400, 'invalid_json', `The request body is nested deeper than ${maxDepth} levels`),
  UnsupportedMediaType: (type: string) =>
    e(415, 'unsupported_media_type', `Content type ${JSON.stringify(type.slice(0, 100))} is not accepted: send application/json or text/plain`),
  PayloadTooLarge: (maxBytes: number) => e(413, 'payload_too_large', `The request body is larger than ${maxBytes} bytes`),
  RateLimited: (seconds: number) => e(429, 'rate_limited', 'Too many monitoring requests from this address', {}, retryAfter(seconds)),
  NotFound: () => e(404, 'not_found', 'No such monitoring endpoint'),
  InternalError: () => e(500, 'internal_error', 'The report could not be stored'),
  DatabaseUnavailable: () => e(503, 'internal_error', 'The report could not be stored, retry shortly', {}, retryAfter()),
}

/** How a JSON body is refused (http/json-body.ts). */
export const JSON_BODY_ERRORS: JsonBodyErrors = {
  tooLarge: ERRORS.PayloadTooLarge,
  malformed: () => ERRORS.InvalidJson(),
  tooDeep: ERRORS.TooDeep,
  invalid: ERRORS.InvalidBody,
  unsupportedType: ERRORS.UnsupportedMediaType,
}
