import type { Handler } from 'hono'

/** GET /health. */
export const getHealth: Handler = (c) =>
  c.json({
    version: '1.0.0',
    name: 'GoTrue',
    description: 'GoTrue-compatible auth service of the Genesis Centre gateway',
  })
