import type { Handler } from 'hono'

/** GET /.well-known/jwks.json: tokens are HS256, and the shared secret is never published. */
export const getJwks: Handler = (c) => {
  c.header('Cache-Control', 'public, max-age=600')
  return c.json({ keys: [] })
}
