import type { Context } from 'hono'
import type { z } from 'zod'
import { ERRORS } from './errors.ts'

/** Parses a JSON request body with `schema`; anything else is an InvalidRequest naming the field. */
export async function jsonBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown
  try {
    const text = await c.req.text()
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
