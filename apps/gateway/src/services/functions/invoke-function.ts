import type { FunctionHandler } from '@genesis/functions/_shared/function-context.ts'
import type { Deps } from '../../deps.ts'
import { RateLimiter } from '../../http/rate-limit.ts'
import { BodyTooLargeError, readLimitedBody } from '../../http/read-limited-body.ts'
import { bearerToken, verifyJwt } from '../../http/resolve-caller.ts'
import { createFunctionContext } from './create-function-context.ts'
import { ERRORS, type FunctionsError, renderFunctionsError } from './errors.ts'
import type { FunctionDefinition } from './registry.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Three base64url segments without padding (protocol §1.3). */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

class TimeoutError extends Error {}

/** One call of `/functions/v1/<name><rest>`. */
export interface FunctionCall {
  name: string
  /** The path after the name, `''` or starting with `/`. */
  rest: string
  request: Request
  /** The caller's address for the rate limit (asked only when the function is rate-limited). */
  clientAddress: () => string
}

/**
 * Runs `/functions/v1/<name>[/<rest>]` (protocol §5): checks the caller's JWT when the function
 * asks for it, applies the abuse limits, then hands the request — method, headers, body and
 * query unchanged, URL rewritten to `/<name>/<rest>` as the Edge runtime does — to the function.
 */
export function createFunctionInvoker(deps: Deps, functions: ReadonlyMap<string, FunctionDefinition>) {
  const handlers = new Map<string, FunctionHandler>()
  const limiters = new Map<string, RateLimiter>()

  function boot(name: string, definition: FunctionDefinition): FunctionHandler {
    let handler = handlers.get(name)
    if (!handler) {
      handler = definition.create(createFunctionContext(deps, name))
      handlers.set(name, handler)
    }
    return handler
  }

  function limiter(name: string): RateLimiter {
    let l = limiters.get(name)
    if (!l) {
      l = new RateLimiter({
        limit: deps.config.FUNCTIONS_RATE_LIMIT,
        windowSeconds: deps.config.FUNCTIONS_RATE_LIMIT_WINDOW_SECONDS,
      })
      limiters.set(name, l)
    }
    return l
  }

  async function checkJwt(req: Request): Promise<FunctionsError | undefined> {
    const authorization = req.headers.get('authorization')
    if (!authorization) return ERRORS.NoAuthHeader()
    const token = bearerToken(authorization)
    if (!token || !JWT_SHAPE.test(token)) return ERRORS.InvalidJwtFormat()
    const verified = await verifyJwt(token, deps.keys)
    if (verified.ok) return undefined
    const { problem } = verified
    if (problem.kind === 'invalid_jwt' && problem.reason === 'malformed') return ERRORS.InvalidJwtFormat()
    return ERRORS.InvalidJwt(problem.message)
  }

  return async function invokeFunction(call: FunctionCall): Promise<Response> {
    const { name, rest, request: incoming } = call
    const definition = functions.get(name)
    if (!definition) return renderFunctionsError(ERRORS.FunctionNotFound())

    if (definition.verifyJwt) {
      const problem = await checkJwt(incoming)
      if (problem) return renderFunctionsError(problem)
    }

    if (definition.rateLimited && !SAFE_METHODS.has(incoming.method)) {
      const hit = limiter(name).hit(call.clientAddress())
      if (!hit.allowed) return renderFunctionsError(ERRORS.RateLimited(hit.retryAfterSeconds))
    }

    let body: Uint8Array<ArrayBuffer> | undefined
    if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
      try {
        body = await readLimitedBody(incoming, definition.maxBodyBytes)
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          return renderFunctionsError(ERRORS.PayloadTooLarge(error.limitBytes))
        }
        throw error
      }
    }

    let handler: FunctionHandler
    try {
      handler = boot(name, definition)
    } catch (error) {
      deps.logger.error({ err: error, function: name }, 'function failed to start')
      return renderFunctionsError(ERRORS.FunctionBootFailed())
    }

    const url = new URL(incoming.url)
    const request = new Request(new URL(`/${name}${rest}${url.search}`, url.origin), {
      method: incoming.method,
      headers: incoming.headers,
      body: body && body.byteLength > 0 ? body : undefined,
      signal: incoming.signal,
    })

    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError()), definition.timeoutMs)
      })
      const response = await Promise.race([handler(request), timeout])
      if (!response.headers.has('x-relay-error')) return response
      // The relay flag is the gateway's to set (docs/protocol/README.md, quirk 11): a function cannot claim to be the gateway.
      const headers = new Headers(response.headers)
      headers.delete('x-relay-error')
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      })
    } catch (error) {
      if (error instanceof TimeoutError) {
        deps.logger.error({ function: name, timeoutMs: definition.timeoutMs }, 'function timed out')
        return renderFunctionsError(ERRORS.FunctionTimedOut(definition.timeoutMs))
      }
      deps.logger.error({ err: error, function: name }, 'function threw')
      return renderFunctionsError(ERRORS.FunctionCrashed())
    } finally {
      clearTimeout(timer)
    }
  }
}
