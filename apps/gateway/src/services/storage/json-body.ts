import type { Context } from 'hono'
import type { z } from 'zod'
import { BodyTooLargeError, readLimitedBody } from '../../http/read-limited-body.ts'
import { ERRORS } from './errors.ts'

// JSON bodies are small (paths, options); a thousand long paths fit comfortably.
const MAX_JSON_BYTES = 2 * 1024 * 1024

/** The body as text, refused once it passes the limit (never buffered beyond it). */
async function readCapped(request: Request): Promise<string> {
  try {
    const body = await readLimitedBody(request, MAX_JSON_BYTES)
    return body ? new TextDecoder().decode(body) : ''
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw ERRORS.InvalidRequest('Body is too large')
    throw error
  }
}

/** Parses a JSON request body with `schema`; anything else is an InvalidRequest naming the field. */
export async function jsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await readCapped(c.req.raw)
  let raw: unknown
  try {
    raw = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw ERRORS.InvalidRequest('Body must be JSON')
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path.join('.')
    throw ERRORS.InvalidRequest(field ? `${field}: ${issue.message}` : issue.message)
  }
  return parsed.data
}
