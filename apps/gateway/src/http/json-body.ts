import type { Context } from 'hono'
import type { z } from 'zod'
import type { Config } from '../config.ts'
import { readLimitedBody } from './read-limited-body.ts'
import type { ServiceError } from './service-error.ts'

/**
 * How one protocol words the ways a JSON body can be refused. Every service makes one of these
 * (its "error hook"), so a refusal leaves in that service's wire shape.
 */
export interface JsonBodyErrors {
  /** 413: the body is larger than `limitBytes` (the message names the limit). */
  tooLarge(limitBytes: number): ServiceError
  /** 400: not JSON at all (`detail` is the parser's message). */
  malformed(detail: string): ServiceError
  /** 400: arrays and objects nested deeper than `maxDepth`. */
  tooDeep(maxDepth: number): ServiceError
  /** 400: JSON, but not what the route expects. */
  invalid(issues: readonly z.core.$ZodIssue[]): ServiceError
  /** 415: a media type the route does not read (only when `mediaTypes` is given). */
  unsupportedType?(contentType: string): ServiceError
}

export interface JsonBodyLimits {
  /** Largest body in bytes: a declared Content-Length above it is refused before reading, a streamed one as soon as it passes. */
  limitBytes: number
  /** Deepest nesting of arrays and objects. */
  maxDepth: number
}

/** The settings a reader's limits default to (JSON_BODY_LIMIT_BYTES, JSON_MAX_DEPTH). */
export type JsonBodyConfig = Pick<Config, 'JSON_BODY_LIMIT_BYTES' | 'JSON_MAX_DEPTH'>

export interface JsonBodyOptions<Empty = unknown> extends Partial<JsonBodyLimits> {
  /** What an empty body stands for (GoTrue and RPC: `{}`); without it, an empty body is malformed. */
  empty?: Empty
  /** Accepted media types (lower case, without parameters); without it, any. */
  mediaTypes?: readonly string[]
}

export interface JsonBodyReader {
  /** Reads, caps and parses the body, then validates it with `schema`. */
  read<S extends z.ZodType>(c: Context, schema: S, options?: JsonBodyOptions): Promise<z.output<S>>
  /** The same without a schema, for routes that interpret the value themselves (PostgREST rows). */
  readValue(c: Context, options?: JsonBodyOptions): Promise<unknown>
}

/**
 * The one way the gateway reads a JSON request body. It never holds more than the route's limit in
 * memory (the body is counted while it streams), refuses nesting deeper than the limit before the
 * parser or any recursive code sees it (so a hostile body is a 400, never a stack overflow), and
 * words every refusal through the service's `errors`.
 */
export function jsonBodyReader(
  errors: JsonBodyErrors,
  config: JsonBodyConfig,
  defaults: Partial<JsonBodyLimits> & JsonBodyOptions = {},
): JsonBodyReader {
  async function readValue(c: Context, overrides: JsonBodyOptions = {}): Promise<unknown> {
    const limits = { limitBytes: config.JSON_BODY_LIMIT_BYTES, maxDepth: config.JSON_MAX_DEPTH }
    const options = { ...limits, ...defaults, ...overrides }
    const { limitBytes, maxDepth } = options
    const request = c.req.raw
    const declared = Number(request.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > limitBytes) throw errors.tooLarge(limitBytes)
    if (options.mediaTypes) {
      const contentType = request.headers.get('content-type') ?? ''
      const mediaType = contentType.split(';')[0].trim().toLowerCase()
      if (!options.mediaTypes.includes(mediaType)) {
        throw (errors.unsupportedType ?? errors.malformed)(contentType)
      }
    }
    const bytes = await readLimitedBody(request, limitBytes, errors.tooLarge)
    const text = bytes ? new TextDecoder().decode(bytes) : ''
    if (text.trim() === '') {
      if ('empty' in options) return options.empty
      throw errors.malformed('Unexpected end of JSON input')
    }
    if (nestingDepthExceeds(text, maxDepth)) throw errors.tooDeep(maxDepth)
    try {
      return JSON.parse(text)
    } catch (error) {
      throw errors.malformed(error instanceof Error ? error.message : 'invalid JSON')
    }
  }

  return {
    readValue,
    async read(c, schema, options) {
      const parsed = schema.safeParse(await readValue(c, options))
      if (!parsed.success) throw errors.invalid(parsed.error.issues)
      return parsed.data
    },
  }
}

/** The first issue as `path: message` (or the message alone), as GoTrue and storage word it. */
export function firstIssue(issues: readonly z.core.$ZodIssue[]): string {
  const issue = issues[0]
  if (!issue) return 'invalid body'
  const where = issue.path.join('.')
  return where ? `${where}: ${issue.message}` : issue.message
}

/**
 * Whether the JSON text nests arrays or objects deeper than `maxDepth`, counted on the text itself
 * (brackets inside strings do not count), so nothing recursive ever sees a deeper value.
 */
export function nestingDepthExceeds(text: string, maxDepth: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c /* \ */) i++
      else if (ch === 0x22 /* " */) inString = false
    } else if (ch === 0x22) {
      inString = true
    } else if (ch === 0x5b /* [ */ || ch === 0x7b /* { */) {
      if (++depth > maxDepth) return true
    } else if (ch === 0x5d /* ] */ || ch === 0x7d /* } */) {
      depth--
    }
  }
  return false
}
