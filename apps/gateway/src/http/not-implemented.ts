import { Hono } from 'hono'

/**
 * A service prefix whose issue has not been built yet answers 501 in that service's own JSON error
 * shape (never the web app's HTML), so a client gets an error it can read.
 */
export function notImplemented(body: Record<string, unknown>): Hono {
  const app = new Hono()
  app.all('*', (c) => c.json(body, 501))
  return app
}
