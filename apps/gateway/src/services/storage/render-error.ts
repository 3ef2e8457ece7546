import type { Context, ErrorHandler } from 'hono'
import type { Logger } from 'pino'
import { serviceErrorHandler } from '../../http/service-error.ts'
import { ERRORS, fromDatabaseError, StorageError } from './errors.ts'

/**
 * The one renderer of storage errors (docs/protocol/storage.md): every 4xx goes out as HTTP 400
 * with the semantic status as a string in `statusCode`; 5xx stay 5xx.
 */
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
    finish: closeAfterRefusedUpload,
  })
}

/**
 * An upload refused early (too large, wrong type) leaves request bytes unread on the socket;
 * closing the connection keeps the client from reusing it for its next request.
 */
function closeAfterRefusedUpload(c: Context): void {
  const carriesBody =
    c.req.header('content-length') !== undefined || c.req.header('transfer-encoding') !== undefined
  if (carriesBody && (c.req.method === 'POST' || c.req.method === 'PUT')) c.header('Connection', 'close')
}
