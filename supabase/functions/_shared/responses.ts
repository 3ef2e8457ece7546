/** Helpers every function uses to answer; plain web standards, nothing runtime-specific. */

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

/** `{ error }` is what the web app's `functions.invoke` error path reads (`error.context.json()`). */
export function errorResponse(status: number, error: string, extra: Record<string, unknown> = {}): Response {
  return jsonResponse({ error, ...extra }, status)
}

export function methodNotAllowed(allowed: string[]): Response {
  return jsonResponse({ error: 'Method not allowed' }, 405, { Allow: allowed.join(', ') })
}

/**
 * The path after the function's name: `/newsletter-subscription/unsubscribe` → `/unsubscribe`.
 * Functions see their URL as the Edge runtime gives it, `/<name>[/…]`.
 */
export function subPath(req: Request, name: string): string {
  const path = new URL(req.url).pathname
  const prefix = `/${name}`
  if (!path.startsWith(prefix)) return path
  const rest = path.slice(prefix.length).replace(/\/+$/, '')
  return rest
}

/**
 * The body as JSON, whatever Content-Type says: the web app sends `JSON.stringify(...)` as a string,
 * which supabase-js labels `text/plain`. Undefined when the body is empty or not JSON.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text()
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
