import { z } from 'zod'
import { SessionEndedError } from '../../database/request-scope.ts'
import { DATABASE_RETRY_AFTER_SECONDS, ServiceError } from '../../http/service-error.ts'

/**
 * One storage error: `status` is the semantic HTTP status that goes into the body's `statusCode`
 * (as a string); on the wire every 4xx is HTTP 400 and a 5xx stays 500 (docs/protocol/storage.md).
 */
export class StorageError extends ServiceError {
  readonly error: string
  constructor(
    code: string,
    status: number,
    error: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(status, code, message, headers)
    this.error = error
  }

  override get httpStatus() {
    // 503 (the database is away) stays 503 so clients and proxies know to retry.
    return this.status === 503 ? 503 : this.status >= 500 ? 500 : 400
  }

  override body() {
    return { statusCode: String(this.status), error: this.error, code: this.code, message: this.message }
  }
}

/** The storage error catalogue (supabase/storage `codes.ts`): every error the service answers with. */
export const ERRORS = {
  NoSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  NoSuchKey: () => new StorageError('NoSuchKey', 404, 'not_found', 'Object not found'),
  KeyAlreadyExists: () =>
    new StorageError('KeyAlreadyExists', 409, 'Duplicate', 'The resource already exists'),
  BucketAlreadyExists: () =>
    new StorageError('BucketAlreadyExists', 409, 'Duplicate', 'The resource already exists'),
  ResourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'Duplicate', 'The resource already exists'),
  ResourceNotEmpty: () =>
    new StorageError(
      'ResourceNotEmpty',
      409,
      'ResourceNotEmpty',
      'The bucket you tried to delete is not empty',
    ),
  AccessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError('AccessDenied', 403, 'Unauthorized', message),
  InvalidJWT: (message = 'Invalid JWT') => new StorageError('InvalidJWT', 400, 'InvalidJWT', message),
  EntityTooLarge: () =>
    new StorageError(
      'EntityTooLarge',
      413,
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  RequestTooLarge: (limitBytes: number) =>
    new StorageError(
      'EntityTooLarge',
      413,
      'Payload too large',
      `Request body is larger than ${limitBytes} bytes`,
    ),
  InvalidMimeType: (mimeType: string) =>
    new StorageError('InvalidMimeType', 415, 'invalid_mime_type', `mime type ${mimeType} is not supported`),
  ContentMismatch: (mimeType: string) =>
    new StorageError(
      'InvalidMimeType',
      415,
      'invalid_mime_type',
      `mime type ${mimeType} does not match the content of the file`,
    ),
  InvalidBucketName: (name: string) =>
    new StorageError('InvalidBucketName', 400, 'Invalid Input', `Bucket name invalid: ${name}`),
  InvalidKey: (name: string) => new StorageError('InvalidKey', 400, 'InvalidKey', `Invalid key: ${name}`),
  InvalidRequest: (message: string) => new StorageError('InvalidRequest', 400, 'InvalidRequest', message),
  MissingParameter: (parameter: string) =>
    new StorageError('MissingParameter', 400, 'MissingParameter', `Missing Required Parameter ${parameter}`),
  InvalidParameter: (parameter: string) =>
    new StorageError('InvalidParameter', 400, 'InvalidParameter', `Invalid Parameter ${parameter}`),
  InvalidRange: () =>
    new StorageError('InvalidRange', 416, 'InvalidRange', 'The requested range is not satisfiable'),
  InvalidSignature: (message = 'The signature of the token is invalid') =>
    new StorageError('InvalidSignature', 400, 'InvalidSignature', message),
  ExpiredToken: () =>
    new StorageError('ExpiredToken', 400, 'ExpiredToken', 'The provided token has expired.'),
  RouteNotFound: () => new StorageError('InvalidRequest', 404, 'not_found', 'Route not found'),
  InternalError: () => new StorageError('InternalError', 500, 'InternalError', 'Internal server error'),
  DatabaseUnavailable: () =>
    new StorageError(
      'DatabaseUnavailable',
      503,
      'Service Unavailable',
      'The database is unavailable, retry shortly',
      {
        'Retry-After': DATABASE_RETRY_AFTER_SECONDS,
      },
    ),
} as const

const PostgresErrorSchema = z.object({ code: z.string(), message: z.string() })

/**
 * Translates a database error into the storage catalogue. RLS refusals (42501) become
 * AccessDenied; a unique or foreign-key violation becomes the error the operation names; anything
 * else is returned unchanged (and rendered as InternalError).
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
