import type { Context, ErrorHandler } from 'hono'
import type { Logger } from 'pino'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import { SessionEndedError } from '../../database/request-scope.ts'
import { firstIssue, jsonBodyReader } from '../../http/json-body.ts'
import { retryAfter, ServiceError, serviceErrorHandler } from '../../http/service-error.ts'

/**
 * A storage error: `status` is the semantic status, sent as a string in the body's `statusCode`; on
 * the wire every 4xx is HTTP 400, a 503 (database away) stays 503 so clients retry, and other 5xx
 * are 500 (docs/protocol/storage.md).
 */
export class StorageError extends ServiceError {
  override get httpStatus() {
    return this.status === 503 ? 503 : this.status >= 500 ? 500 : 400
  }

  override body() {
    return {
      statusCode: String(this.status),
      error: this.fields.error,
      code: this.code,
      message: this.message,
    }
  }
}

const e = (code: string, status: number, error: string, message: string, headers?: Record<string, string>) =>
  new StorageError(status, code, message, { error }, headers)
const EXISTS = 'The resource already exists'

/** The catalogue (supabase/storage `codes.ts`): every error the service answers with. */
// biome-ignore format: one line per error
export const ERRORS = {
  NoSuchBucket: () => e('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  NoSuchKey: () => e('NoSuchKey', 404, 'not_found', 'Object not found'),
  KeyAlreadyExists: () => e('KeyAlreadyExists', 409, 'Duplicate', EXISTS),
  BucketAlreadyExists: () => e('BucketAlreadyExists', 409, 'Duplicate', EXISTS),
  ResourceAlreadyExists: () => e('ResourceAlreadyExists', 409, 'Duplicate', EXISTS),
  ResourceNotEmpty: () => e('ResourceNotEmpty', 409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  AccessDenied: (message = 'new row violates row-level security policy') => e('AccessDenied', 403, 'Unauthorized', message),
  InvalidJWT: (message = 'Invalid JWT') => e('InvalidJWT', 400, 'InvalidJWT', message),
  EntityTooLarge: () => e('EntityTooLarge', 413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  RequestTooLarge: (limitBytes: number) => e('EntityTooLarge', 413, 'Payload too large', `Request body is larger than ${limitBytes} bytes`),
  InvalidMimeType: (mimeType: string) => e('InvalidMimeType', 415, 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  ContentMismatch: (mimeType: string) => e('InvalidMimeType', 415, 'invalid_mime_type', `mime type ${mimeType} does not match the content of the file`),
  InvalidBucketName: (name: string) => e('InvalidBucketName', 400, 'Invalid Input', `Bucket name invalid: ${name}`),
  InvalidKey: (name: string) => e('InvalidKey', 400, 'InvalidKey', `Invalid key: ${name}`),
  InvalidRequest: (message: string) => e('InvalidRequest', 400, 'InvalidRequest', message),
  MissingParameter: (parameter: string) => e('MissingParameter', 400, 'MissingParameter', `Missing Required Parameter ${parameter}`),
  InvalidParameter: (parameter: string) => e('InvalidParameter', 400, 'InvalidParameter', `Invalid Parameter ${parameter}`),
  InvalidRange: () => e('InvalidRange', 416, 'InvalidRange', 'The requested range is not satisfiable'),
  InvalidSignature: (message = 'The signature of the token is invalid') => e('InvalidSignature', 400, 'InvalidSignature', message),
  ExpiredToken: () => e('ExpiredToken', 400, 'ExpiredToken', 'The provided token has expired.'),
  RouteNotFound: () => e('InvalidRequest', 404, 'not_found', 'Route not found'),
  InternalError: () => e('InternalError', 500, 'InternalError', 'Internal server error'),
  DatabaseUnavailable: () => e('DatabaseUnavailable', 503, 'Service Unavailable', 'The database is unavailable, retry shortly', retryAfter()),
} as const

/** Reads a JSON body (paths, options) with `schema`; an empty one is `{}`, any refusal an InvalidRequest. */
export function jsonBody<S extends z.ZodType>(c: Context, config: Config, schema: S): Promise<z.output<S>> {
  const errors = {
    tooLarge: ERRORS.RequestTooLarge,
    malformed: () => ERRORS.InvalidRequest('Body must be JSON'),
    tooDeep: (maxDepth: number) => ERRORS.InvalidRequest(`Body is nested deeper than ${maxDepth} levels`),
    invalid: (issues: readonly z.core.$ZodIssue[]) => ERRORS.InvalidRequest(firstIssue(issues)),
  }
  return jsonBodyReader(errors, config, { empty: {} }).read(c, schema)
}

const PostgresErrorSchema = z.object({ code: z.string(), message: z.string() })

/**
 * A database error in the catalogue's terms: an RLS refusal (42501) is AccessDenied, a unique or
 * foreign-key violation the error the operation names; anything else is returned unchanged.
 */
export function fromDatabaseError(
  error: unknown,
  meaning: { unique?: () => StorageError; foreignKey?: () => StorageError } = {},
): unknown {
  if (error instanceof StorageError) return error
  // The token's session was signed out or revoked: refused like any other invalid token.
  if (error instanceof SessionEndedError) return ERRORS.AccessDenied(error.message)
  const parsed = PostgresErrorSchema.safeParse(error)
  if (!parsed.success) return error
  const { code, message } = parsed.data
  if (code === '42501') return ERRORS.AccessDenied(message)
  if (code === '23505') return (meaning.unique ?? ERRORS.ResourceAlreadyExists)()
  if (code === '23503' && meaning.foreignKey) return meaning.foreignKey()
  return error
}

/** The storage service's `onError` (anything not in the catalogue is a 500 InternalError). */
export function renderStorageError(logger: Logger): ErrorHandler {
  return serviceErrorHandler({
    logger,
    service: 'storage',
    internal: ERRORS.InternalError,
    unavailable: ERRORS.DatabaseUnavailable,
    translate: (error) => {
      const translated = fromDatabaseError(error)
      return translated instanceof StorageError ? translated : undefined
    },
    // An upload refused early (too large, wrong type) leaves request bytes unread on the socket:
    // closing the connection keeps the client from reusing it for its next request.
    finish: (c) => {
      const carriesBody =
        c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined
      if (carriesBody && (c.req.method === 'POST' || c.req.method === 'PUT')) c.header('Connection', 'close')
    },
  })
}
