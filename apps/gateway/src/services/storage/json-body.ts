import type { Context } from 'hono'
import type { z } from 'zod'
import type { Config } from '../../config.ts'
import { firstIssue, jsonBodyReader } from '../../http/json-body.ts'
import { ERRORS } from './errors.ts'

/**
 * Parses a storage JSON body (paths, options) with `schema`, capped by JSON_BODY_LIMIT_BYTES and
 * JSON_MAX_DEPTH; anything else is an InvalidRequest naming the field.
 */
export function jsonBody<S extends z.ZodType>(c: Context, config: Config, schema: S): Promise<z.output<S>> {
  return jsonBodyReader(
    {
      tooLarge: ERRORS.RequestTooLarge,
      malformed: () => ERRORS.InvalidRequest('Body must be JSON'),
      tooDeep: (maxDepth) => ERRORS.InvalidRequest(`Body is nested deeper than ${maxDepth} levels`),
      invalid: (issues) => ERRORS.InvalidRequest(firstIssue(issues)),
    },
    config,
    { empty: {} },
  ).read(c, schema)
}
