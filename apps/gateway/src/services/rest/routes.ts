import { Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import { authenticateRequest } from './authenticate-request.ts'
import { callFunction } from './call-function.ts'
import { deleteRows } from './delete-rows.ts'
import { ERRORS, renderError } from './errors.ts'
import { insertRows } from './insert-rows.ts'
import { readRows } from './read-rows.ts'
import type { RestEnv } from './rest-env.ts'
import { schemaCacheFor } from './schema-cache.ts'
import { updateRows } from './update-rows.ts'

/**
 * /rest/v1 — the PostgREST protocol (docs/protocol/rest.md §3). Every route is open to any caller
 * with a project key: what each caller may read or change is decided by PostgreSQL (grants and
 * RLS), because every statement runs as the caller's role.
 */
export function createRestRoutes(deps: Deps): Hono<RestEnv> {
  const cache = schemaCacheFor(deps.db, deps.config.schemas, deps.logger)
  const app = new Hono<RestEnv>()
  app.onError(renderError(deps.logger))
  app.use('*', authenticateRequest(deps.keys))

  app.get('/rpc/:fn', callFunction(deps, cache))
  app.post('/rpc/:fn', callFunction(deps, cache))
  app.all('/rpc/:fn', (c) => {
    throw ERRORS.MethodNotAllowedOnRpc(c.req.method)
  })

  app.get('/', () => {
    throw ERRORS.OpenApiDisabled()
  })
  app.get('/:table', readRows(deps, cache))
  app.post('/:table', insertRows(deps, cache))
  app.patch('/:table', updateRows(deps, cache))
  app.delete('/:table', deleteRows(deps, cache))
  app.all('/:table', (c) => {
    throw ERRORS.UnsupportedMethod(c.req.method)
  })
  app.all('*', (c) => {
    // `/rest/v1/` (trailing slash) is the OpenAPI root; anything deeper is not a resource.
    throw c.req.method === 'GET' && /\/rest\/v1\/?$/.test(c.req.path)
      ? ERRORS.OpenApiDisabled()
      : ERRORS.InvalidPath()
  })
  return app
}
