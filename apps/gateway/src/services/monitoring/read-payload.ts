import type { Context } from 'hono'
import type { z } from 'zod'
import { ERRORS } from './errors.ts'

/**
 * `navigator.sendBeacon` with a string body sends `text/plain;charset=UTF-8` (a CORS-simple type,
 * so no preflight on unload); fetch sends `application/json`. Both carry the same JSON.
 */
const ACCEPTED_TYPES = new Set(['application/json', 'text/plain'])

/** Reads the (already size-limited) body as JSON and parses it with `schema`; throws catalogued errors. */
export async function readPayload<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const contentType = c.req.header('content-type') ?? ''
  const mediaType = contentType.split(';')[0].trim().toLowerCase()
  if (!ACCEPTED_TYPES.has(mediaType)) throw ERRORS.UnsupportedMediaType(contentType)
  let json: unknown
  try {
    json = JSON.parse(await c.req.text())
  } catch {
    throw ERRORS.InvalidJson()
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw ERRORS.InvalidBody(parsed.error)
  return parsed.data
}
