import type { FunctionHandler } from '@genesis/functions/_shared/function-context.ts'
import type { Deps } from '../../deps.ts'
import { RateLimiter } from '../../http/rate-limit.ts'
import { readLimitedBody } from '../../http/read-limited-body.ts'
import { bearerToken, verifyJwt } from '../../http/resolve-caller.ts'
import { createFunctionContext, type GatewayFetch } from './create-function-context.ts'
import { ERRORS, FunctionsError } from './errors.ts'
import type { FunctionDefinition, FunctionSource } from './function-folders.ts'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Three base64url segments without padding (protocol §1.3). */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

class IdleTimeout extends Error {}
class WallClockLimit extends Error {}

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
 * Runs `/functions/v1/<name>[/<rest>]` (protocol §5): finds the function's folder, checks the
 * caller's JWT when its config asks for it, applies the abuse limits, then hands the request —
 * method, headers, body and query unchanged, URL rewritten to `/<name>/<rest>` as the Edge runtime
 * does — to the function, and its response back as it streams. Two clocks run, as on Supabase:
 * the function must start answering within its idle timeout (504), and it is stopped at the
 * wall-clock limit (FUNCTIONS_WALL_CLOCK_LIMIT_MS) even while it streams (546 if nothing was sent
 * yet, otherwise the body breaks off). Stopping means aborting the request's signal and
 * cancelling the response stream: a function that ignores both keeps its promise running in the
 * process, but nothing it produces reaches the client any more.
 */
export function createFunctionInvoker(deps: Deps, source: FunctionSource, gateway?: GatewayFetch) {
  const handlers = new Map<string, { create: FunctionDefinition['create']; handler: FunctionHandler }>()
  const limiters = new Map<string, RateLimiter>()

  function boot(name: string, definition: FunctionDefinition): FunctionHandler {
    const booted = handlers.get(name)
    if (booted && booted.create === definition.create) return booted.handler
    const handler = definition.create(createFunctionContext(deps, name, gateway))
    if (typeof handler !== 'function') throw new Error(`${name}: create(ctx) did not return a handler`)
    handlers.set(name, { create: definition.create, handler })
    return handler
  }

  function limiter(name: string): RateLimiter {
    let l = limiters.get(name)
    if (!l) {
      l = new RateLimiter({
        db: deps.db,
        name: `functions.${name}`,
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
    let definition: FunctionDefinition | undefined
    try {
      definition = await source.find(name)
    } catch (error) {
      deps.logger.error({ err: error, function: name }, 'function could not be loaded')
      return ERRORS.FunctionBootFailed().toResponse()
    }
    if (!definition) return ERRORS.FunctionNotFound().toResponse()

    if (definition.verifyJwt) {
      const problem = await checkJwt(incoming)
      if (problem) return problem.toResponse()
    }

    if (definition.rateLimited && !SAFE_METHODS.has(incoming.method)) {
      const hit = await limiter(name).hit(call.clientAddress())
      if (!hit.allowed) return ERRORS.RateLimited(hit.retryAfterSeconds).toResponse()
    }

    let body: Uint8Array<ArrayBuffer> | undefined
    if (incoming.method !== 'GET' && incoming.method !== 'HEAD') {
      try {
        body = await readLimitedBody(incoming, definition.maxBodyBytes, ERRORS.PayloadTooLarge)
      } catch (error) {
        if (error instanceof FunctionsError) return error.toResponse()
        throw error
      }
    }

    let handler: FunctionHandler
    try {
      handler = boot(name, definition)
    } catch (error) {
      deps.logger.error({ err: error, function: name }, 'function failed to start')
      return ERRORS.FunctionBootFailed().toResponse()
    }

    // Aborted at the wall-clock limit or the idle timeout: the function sees it on req.signal.
    const stop = new AbortController()
    const wallClockMs = deps.config.FUNCTIONS_WALL_CLOCK_LIMIT_MS
    const wallClock = setTimeout(() => stop.abort(new WallClockLimit()), wallClockMs)
    const url = new URL(incoming.url)
    // As on Supabase, the function learns the caller's address from X-Forwarded-For, set here from
    // the socket (or the trusted proxy's header): a value the client sent itself is replaced.
    const forwardedHeaders = new Headers(incoming.headers)
    forwardedHeaders.set('x-forwarded-for', call.clientAddress())
    const request = new Request(new URL(`/${name}${rest}${url.search}`, url.origin), {
      method: incoming.method,
      headers: forwardedHeaders,
      body: body && body.byteLength > 0 ? body : undefined,
      signal: AbortSignal.any([incoming.signal, stop.signal]),
    })

    let idle: ReturnType<typeof setTimeout> | undefined
    let response: Response
    try {
      const stopped = new Promise<never>((_, reject) => {
        idle = setTimeout(() => {
          stop.abort(new IdleTimeout())
        }, definition.timeoutMs)
        stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true })
      })
      // A stop that comes while the body streams is untilStopped's to handle, not an unhandled rejection.
      stopped.catch(() => undefined)
      const answered: unknown = await Promise.race([handler(request), stopped])
      // A handler that resolves to anything but a Response failed as surely as one that threw.
      if (!isResponse(answered)) throw new TypeError(`${name} answered with no Response`)
      response = answered
    } catch (error) {
      clearTimeout(wallClock)
      if (error instanceof IdleTimeout) {
        deps.logger.error({ function: name, timeoutMs: definition.timeoutMs }, 'function timed out')
        return ERRORS.FunctionTimedOut(definition.timeoutMs).toResponse()
      }
      if (error instanceof WallClockLimit) {
        deps.logger.error({ function: name, wallClockMs }, 'function stopped at the wall-clock limit')
        return ERRORS.WallClockLimit(wallClockMs).toResponse()
      }
      if (!stop.signal.aborted) stop.abort(error)
      deps.logger.error({ err: error, function: name }, 'function threw')
      return ERRORS.FunctionCrashed().toResponse()
    } finally {
      clearTimeout(idle)
    }

    // The relay flag is the gateway's to set (docs/protocol/README.md, quirk 11): a function cannot claim to be the gateway.
    const headers = new Headers(response.headers)
    headers.delete('x-relay-error')
    if (!response.body) clearTimeout(wallClock)
    const streamed = response.body
      ? untilStopped(
          response.body,
          stop.signal,
          () => clearTimeout(wallClock),
          () =>
            deps.logger.error({ function: name, wallClockMs }, 'function stopped at the wall-clock limit'),
        )
      : null
    return new Response(streamed, { status: response.status, statusText: response.statusText, headers })
  }
}

/** A fetch Response (duck-typed: the server adapter may install its own Response class). */
function isResponse(value: unknown): value is Response {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Response).status === 'number' &&
    typeof (value as Response).headers?.get === 'function'
  )
}

/**
 * The function's response body as it comes, until `stop` fires: then the function's stream is
 * cancelled and the client's body errors (it cannot be told otherwise once the status is sent).
 * `finish` runs once when the body ends, either way.
 */
function untilStopped(
  body: ReadableStream<Uint8Array>,
  stop: AbortSignal,
  finish: () => void,
  onStopped: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  let finished = false
  const onStop = () => {
    onStopped()
    reader.cancel(stop.reason).catch(() => undefined)
  }
  const end = () => {
    if (finished) return
    finished = true
    stop.removeEventListener('abort', onStop)
    finish()
  }
  if (stop.aborted) onStop()
  else stop.addEventListener('abort', onStop, { once: true })
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const chunk = await reader.read()
        if (stop.aborted) {
          end()
          controller.error(stop.reason)
        } else if (chunk.done) {
          end()
          controller.close()
        } else {
          controller.enqueue(chunk.value)
        }
      } catch (error) {
        end()
        controller.error(stop.aborted ? stop.reason : error)
      }
    },
    cancel(reason) {
      end()
      return reader.cancel(reason)
    },
  })
}
