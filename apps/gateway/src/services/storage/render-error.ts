import type { ErrorHandler } from 'hono'
import type { Logger } from 'pino'
import { ERRORS, fromDatabaseError, StorageError } from './errors.ts'

/**
 * The one renderer of storage errors (supabase-protocol.md §4.2, quirk §8.8): every 4xx goes out
 * as HTTP 400 with the semantic status as a string in `statusCode`; 5xx stay 5xx.
 */
export function renderStorageError(logger: Logger): ErrorHandler {
  return (thrown, c) => {
    const translated = fromDatabaseError(thrown)
    let error: StorageError
    if (translated instanceof StorageError) {
      error = translated
    } else {
      logger.error({ err: thrown, path: c.req.path }, 'storage request failed')
      error = ERRORS.InternalError()
    }
    const httpStatus = error.status >= 500 ? 500 : 400
    // An upload refused early (too large, wrong type) leaves request bytes unread on the socket;
    // closing the connection keeps the client from reusing it for its next request.
    const carriesBody =
      c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined
    if (carriesBody && (c.req.method === 'POST' || c.req.method === 'PUT')) c.header('Connection', 'close')
    return c.json(
      { statusCode: String(error.status), error: error.error, code: error.code, message: error.message },
      httpStatus,
    )
  }
}
