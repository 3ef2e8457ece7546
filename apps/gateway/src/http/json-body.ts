import type { Context } from 'hono'
import type { z } from 'zod'
import type { Config } from '../config.ts'
import { readLimitedBody } from './read-limited-body.ts'
import type { ServiceError } from './service-error.ts'

/** How a protocol words each refusal of a JSON body, so it leaves in that protocol's wire shape. */
export interface JsonBodyErrors {
  /** 413: larger than `limitBytes`. */
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

export interface JsonBodyOptions {
  /** Largest body in bytes (default JSON_BODY_LIMIT_BYTES). */
  limitBytes?: number
  /** Deepest nesting of arrays and objects (default JSON_MAX_DEPTH). */
  maxDepth?: number
  /** What an empty body stands for (GoTrue and RPC: `{}`); without it, an empty body is malformed. */
  empty?: unknown
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
 * The one way the gateway reads a JSON request body: never more than the limit in memory (counted
 * while it streams), nesting past the limit refused before the parser or any recursive code sees it
 * (a 400, never a stack overflow), every refusal worded by the service's `errors`. `defaults` apply
 * to every read, which may override them.
 */
export function jsonBodyReader(
  errors: JsonBodyErrors,
  config: Pick<Config, 'JSON_BODY_LIMIT_BYTES' | 'JSON_MAX_DEPTH'>,
  defaults: JsonBodyOptions = {},
): JsonBodyReader {
  async function readValue(c: Context, overrides: JsonBodyOptions = {}): Promise<unknown> {
    const limits = { limitBytes: config.JSON_BODY_LIMIT_BYTES, maxDepth: config.JSON_MAX_DEPTH }
    const options = { ...limits, ...defaults, ...overrides }
    const { limitBytes, maxDepth, mediaTypes } = options
    const contentType = c.req.header('content-type') ?? ''
    if (mediaTypes && !mediaTypes.includes(contentType.split(';')[0].trim().toLowerCase())) {
      throw (errors.unsupportedType ?? errors.malformed)(contentType)
    }
    const bytes = await readLimitedBody(c.req.raw, limitBytes, errors.tooLarge)
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
