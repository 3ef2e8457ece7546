import type { Context } from 'hono'
import { z } from 'zod'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { buildRpc, resolveFunction, rpcShape } from './build-sql.ts'
import { ERRORS } from './errors.ts'
import { parseAccept, parsePrefer, pickSchema } from './parse-headers.ts'
import { parseQuery, parseRangeHeader } from './parse-query.ts'
import { contentRange, rangeStatus, readJsonBody, runStatement, searchParams, shapeBody } from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import { type SchemaCache, tableKey } from './schema-cache.ts'

const Args = z.record(z.string(), z.unknown())

/**
 * /rest/v1/rpc/⟨fn⟩ (§3.9): POST with named arguments in a JSON object, or GET/HEAD with them in
 * the query string. GET always runs read-only; POST runs read-write only for VOLATILE functions.
 */
export function callFunction(deps: Deps, cache: SchemaCache) {
  return async (c: Context<RestEnv>) => {
    const isPost = c.req.method === 'POST'
    const schemaName = pickSchema(
      isPost ? c.req.header('content-profile') : c.req.header('accept-profile'),
      deps.config.schemas,
    )
    const media = parseAccept(c.req.header('accept'))
    const prefs = parsePrefer([c.req.header('prefer')])
    const name = c.req.param('fn') ?? ''
    const schema = await cache.get()
    const overloads = schema.functions.get(tableKey(schemaName, name)) ?? []
    const argNames = new Set(overloads.flatMap((fn) => fn.args.map((a) => a.name)))
    const query = parseQuery(searchParams(c), { rpcArgs: isPost ? new Set() : argNames })
    let args: Record<string, unknown>
    if (isPost) {
      const parsed = Args.safeParse(await readJsonBody(c, deps.config, {}))
      if (!parsed.success) throw ERRORS.InvalidBody('expected a JSON object of named arguments')
      args = parsed.data
    } else {
      args = Object.fromEntries(query.args)
    }
    const fn = resolveFunction(schema, schemaName, name, Object.keys(args))
    const range = parseRangeHeader(c.req.header('range'))
    const statement = buildRpc(schema, fn, args, query, {
      count: prefs.count !== null,
      csv: media === 'csv',
      range,
      maxRows: deps.config.DB_MAX_ROWS ?? null,
    })
    const shape = rpcShape(fn)
    const result = await asCaller(deps.db, c.get('caller'), (tx) => runStatement(tx, statement), {
      readOnly: !isPost || !fn.volatile,
      request: requestInfo(c),
    })
    if (shape === 'void' || prefs.return === 'minimal') return c.body(null, 204)
    const json = { 'Content-Type': 'application/json; charset=utf-8' }
    if (shape === 'scalar') return c.body(result.body ?? 'null', 200, json)
    if (shape === 'object') {
      const body = result.body ?? '[]'
      if (media === 'object' || result.pageTotal === 1) {
        const shaped = shapeBody('object', body, result.pageTotal)
        return c.body(shaped.text, 200, json)
      }
      return c.body('null', 200, json)
    }
    const offset =
      (query.offsets.filter((o) => o.path.length === 0).at(-1)?.value ?? 0) + (range?.offset ?? 0)
    const status = rangeStatus(offset, result.pageTotal, result.total)
    const shaped = shapeBody(media, result.body ?? '[]', result.pageTotal, statement.csvHeader)
    return c.body(shaped.text, status, {
      'Content-Type': shaped.contentType,
      'Content-Range': contentRange(offset, result.pageTotal, result.total),
    })
  }
}
