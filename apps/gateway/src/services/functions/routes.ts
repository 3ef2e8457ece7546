import { type Context, Hono } from 'hono'
import type { Deps } from '../../deps.ts'
import type { GatewayEnv } from '../../http/gateway-env.ts'
import { clientIp } from '../../http/rate-limit.ts'
import { serviceErrorHandler } from '../../http/service-error.ts'
import type { GatewayFetch } from './create-function-context.ts'
import { ERRORS } from './errors.ts'
import { type FunctionSource, functionFolders, workspaceFunctionsDir } from './function-folders.ts'
import { createFunctionInvoker } from './invoke-function.ts'

/**
 * /functions/v1 — edge functions (docs/protocol/functions.md §5). Open to everyone at this level:
 * each function's `verify_jwt` (supabase/config.toml) says whether it needs a JWT, and the invoker
 * enforces it. The functions are the folders of FUNCTIONS_DIR (by default the repository's
 * supabase/functions, the @genesis/functions workspace package).
 */
export function createFunctionsRoutes(
  deps: Deps,
  source: FunctionSource = functionFolders(deps.config.functionsDir ?? workspaceFunctionsDir(), {
    defaultTimeoutMs: deps.config.FUNCTIONS_IDLE_TIMEOUT_MS,
  }),
  /** The whole gateway in-process, for the functions' `authAdmin` (app.ts passes it). */
  gateway?: GatewayFetch,
): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>()
  const invoke = createFunctionInvoker(deps, source, gateway)
  const call = (c: Context, rest: string) =>
    invoke({
      name: c.req.param('name') ?? '',
      rest,
      request: c.req.raw,
      clientAddress: () => clientIp(c, deps.config.TRUST_PROXY),
    })
  app.all('/:name/:rest{.+}', (c) => call(c, `/${c.req.param('rest')}`))
  app.all('/:name', (c) => call(c, ''))
  app.all('*', () => {
    throw ERRORS.FunctionNotFound()
  })
  // Anything the runner itself did not expect is the gateway's failure, not the function's.
  app.onError(
    serviceErrorHandler({
      logger: deps.logger,
      service: 'functions',
      internal: ERRORS.GatewayFailed,
      unavailable: ERRORS.DatabaseUnavailable,
    }),
  )
  return app
}
