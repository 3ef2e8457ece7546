import type { Context } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import {
  buildRpc,
  type RpcArgs,
  type RpcBody,
  resolveFunction,
  rpcShape,
  takesWholeBody,
} from './build-sql.ts'
import { ERRORS } from './errors.ts'
import { parseAccept, parsePrefer, pickSchema } from './parse-headers.ts'
import { parseQuery, parseRangeHeader } from './parse-query.ts'
import {
  contentRange,
  estimatedTotal,
  parseJsonText,
  rangeStatus,
  readRawBody,
  runStatement,
  searchParams,
  shapeBody,
} from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import { type SchemaCache, tableKey } from './schema-cache.ts'
import { writeAsCaller } from './write-reply.ts'

/** The body kind of a POST by its Content-Type (PostgREST's single-unnamed-parameter media types). */
function bodyKind(contentType: string | undefined): Exclude<RpcBody, null> {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase()
  if (type === 'text/plain') return 'text'
  if (type === 'text/xml' || type === 'application/xml') return 'xml'
  if (type === 'application/octet-stream') return 'bytea'
  return 'json'
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

interface Reply {
  status: number
  body: string | null
  headers: Record<string, string>
}

/**
 * /rest/v1/rpc/⟨fn⟩ (§3.9): POST with named arguments in a JSON object, or GET/HEAD with them in
 * the query string. A function of one unnamed json/jsonb (text, xml, bytea) argument takes the
 * whole POST body. GET always runs read-only; POST runs read-write only for VOLATILE functions.
 * `Prefer: tx=rollback` and `handling=strict, max-affected=n` apply as on table writes.
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
    const params = searchParams(c)
    const query = parseQuery(params, { rpcArgs: isPost ? new Set() : argNames })

    let body: RpcBody = null
    let raw: string | Uint8Array = ''
    let values: Record<string, unknown> = {}
    let keys: string[]
    if (isPost) {
      body = bodyKind(c.req.header('content-type'))
      const bytes = await readRawBody(c, deps.config)
      const text = body === 'bytea' ? '' : new TextDecoder().decode(bytes)
      raw = body === 'bytea' ? bytes : text
      if (body === 'json') {
        if (text.trim() === '') raw = '{}'
        const parsed = parseJsonText(text, deps.config, {})
        // An array of objects names its keys as one object would (PostgREST reads the first);
        // a function of one unnamed json argument takes it whole either way.
        if (isObject(parsed)) values = parsed
        else if (Array.isArray(parsed) && parsed.every(isObject)) {
          const keySets = parsed.map((o) => Object.keys(o).sort().join(','))
          if (new Set(keySets).size > 1) throw ERRORS.InvalidBodyKeys()
          values = parsed[0] ?? {}
        } else throw ERRORS.InvalidBodyKeys()
        keys = query.columns ?? Object.keys(values)
      } else {
        keys = query.columns ?? []
      }
    } else {
      values = Object.fromEntries(query.args)
      keys = [...query.args.keys()]
    }
    const fn = resolveFunction(schema, schemaName, name, keys, body)
    let args: RpcArgs
    if (takesWholeBody(fn)) {
      args = { kind: 'whole', value: isPost ? raw : JSON.stringify(values) }
    } else {
      if (isPost && body !== 'json') throw ERRORS.InvalidBody('expected a JSON object of named arguments')
      if (!isPost) {
        // A variadic argument repeated in the query string (`?v=1&v=2`) is an array.
        for (const arg of fn.args)
          if (arg.variadic && Object.hasOwn(values, arg.name))
            values[arg.name] = params.filter(([k]) => k === arg.name).map(([, v]) => v)
      }
      if (query.columns) values = Object.fromEntries(Object.entries(values).filter(([k]) => keys.includes(k)))
      args = { kind: 'named', values }
    }

    const shape = rpcShape(fn)
    // PostgREST refuses max-affected on a function that returns one value: nothing to limit.
    if (prefs.maxAffected !== null && !fn.returnsSet) throw ERRORS.MaxAffectedOnSingleRpc()
    const range = parseRangeHeader(c.req.header('range'))
    const statement = buildRpc(schema, fn, args, query, {
      count: prefs.count === 'exact',
      csv: media === 'csv',
      range,
      maxRows: deps.config.DB_MAX_ROWS ?? null,
      aggregates: deps.config.DB_AGGREGATES_ENABLED,
    })
    const offset =
      (query.offsets.filter((o) => o.path.length === 0).at(-1)?.value ?? 0) + (range?.offset ?? 0)
    const reply = await writeAsCaller<Reply>(
      deps.db,
      c.get('caller'),
      requestInfo(c),
      prefs,
      async (tx) => {
        const result = await runStatement(tx, statement)
        if (prefs.maxAffected !== null && result.pageTotal > prefs.maxAffected)
          throw ERRORS.MaxAffectedExceeded(result.pageTotal)
        let total = result.total
        if ((prefs.count === 'planned' || prefs.count === 'estimated') && statement.countQuery)
          total = await estimatedTotal(tx, statement.countQuery, prefs.count, deps.config.DB_MAX_ROWS ?? null)
        const headers: Record<string, string> = {
          'Content-Range': contentRange(offset, result.pageTotal, total),
        }
        if (shape === 'void' || prefs.return === 'minimal') return { status: 204, body: null, headers }
        const json = { ...headers, 'Content-Type': 'application/json; charset=utf-8' }
        if (shape === 'scalar') return { status: 200, body: result.body ?? 'null', headers: json }
        if (shape === 'object') {
          const text = result.body ?? '[]'
          if (media === 'object' || result.pageTotal === 1)
            return { status: 200, body: shapeBody('object', text, result.pageTotal).text, headers: json }
          return { status: 200, body: 'null', headers: json }
        }
        const status = rangeStatus(offset, result.pageTotal, total)
        const shaped = shapeBody(media, result.body ?? '[]', result.pageTotal, statement.csvHeader)
        return { status, body: shaped.text, headers: { ...headers, 'Content-Type': shaped.contentType } }
      },
      { readOnly: !isPost || !fn.volatile },
    )
    if (reply.body === null) return c.body(null, reply.status as 204, reply.headers)
    return c.body(reply.body, reply.status as 200, reply.headers)
  }
}
