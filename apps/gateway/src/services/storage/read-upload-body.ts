import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { z } from 'zod'
import { parseContentType } from './content-types.ts'
import { ERRORS, StorageError } from './errors.ts'

/** What an upload request carries, with the bytes still unread. */
export interface UploadBody {
  contentType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
  bytes: AsyncIterable<Uint8Array>
  /** Content-Length of a raw body, when the client sent one (streams have none). */
  declaredLength: number | undefined
}

const UserMetadataSchema = z.record(z.string(), z.unknown())
const MAX_METADATA_CHARS = 8 * 1024
const CACHE_CONTROL = /^[\w ,=-]{1,200}$/
const DEFAULT_CACHE_CONTROL = 'no-cache'

function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined || json === '') return null
  if (json.length > MAX_METADATA_CHARS) throw ERRORS.InvalidRequest('metadata is too large')
  try {
    return UserMetadataSchema.parse(JSON.parse(json))
  } catch {
    throw ERRORS.InvalidRequest('metadata must be a JSON object')
  }
}

/** Multipart sends seconds (`"3600"` → `max-age=3600`); raw bodies send the header itself. */
function parseCacheControl(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return DEFAULT_CACHE_CONTROL
  const v = value.trim()
  if (/^\d{1,10}$/.test(v)) return `max-age=${v}`
  if (!CACHE_CONTROL.test(v)) throw ERRORS.InvalidRequest('Invalid cache-control')
  return v
}

async function* noBytes(): AsyncGenerator<Uint8Array> {}

function readRaw(request: Request): UploadBody {
  const encoded = request.headers.get('x-metadata') ?? undefined
  const length = request.headers.get('content-length')
  return {
    contentType: parseContentType(request.headers.get('content-type') ?? undefined),
    cacheControl: parseCacheControl(request.headers.get('cache-control') ?? undefined),
    userMetadata: parseUserMetadata(
      encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8'),
    ),
    bytes: request.body ?? noBytes(),
    declaredLength: length !== null && /^\d+$/.test(length) ? Number(length) : undefined,
  }
}

/**
 * Streams a multipart upload (the client's FormData: `cacheControl`, `metadata`, then the file
 * under the empty field name). Resolves as soon as the file part starts, so its bytes flow on to
 * the blob store without ever being held whole in memory.
 */
function readMultipart(request: Request, contentType: string): Promise<UploadBody> {
  const body = request.body
  if (!body) return Promise.reject(ERRORS.InvalidRequest('No content provided'))
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: { files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
      })
    } catch {
      reject(ERRORS.InvalidRequest('Malformed multipart body'))
      return
    }
    const fields = new Map<string, string>()
    let settled = false
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      reject(error instanceof StorageError ? error : ERRORS.InvalidRequest('Malformed multipart body'))
    }
    parser.on('field', (name, value) => fields.set(name, value))
    parser.on('file', (_name, file, info) => {
      if (settled) {
        file.resume()
        return
      }
      try {
        const upload: UploadBody = {
          contentType: parseContentType(info.mimeType),
          cacheControl: parseCacheControl(fields.get('cacheControl')),
          userMetadata: parseUserMetadata(fields.get('metadata')),
          bytes: file,
          declaredLength: undefined,
        }
        settled = true
        resolve(upload)
      } catch (error) {
        file.resume()
        fail(error)
      }
    })
    parser.on('error', fail)
    parser.on('close', () => fail(ERRORS.InvalidRequest('No content provided')))
    // The web stream and node:stream/web's type differ only nominally; they are the same class.
    const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>)
    // A broken connection mid-upload destroys the parser, which errors the open file part.
    source.on('error', (error) => parser.destroy(error))
    source.pipe(parser)
  })
}

/** Reads an upload in either encoding of docs/protocol/storage.md §4.5. */
export async function readUploadBody(request: Request): Promise<UploadBody> {
  const contentType = request.headers.get('content-type') ?? ''
  if (/^multipart\/form-data\s*;/i.test(contentType)) return readMultipart(request, contentType)
  return readRaw(request)
}
