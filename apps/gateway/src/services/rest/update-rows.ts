import type { Context } from 'hono'
import { z } from 'zod'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { buildUpdate, tableSource } from './build-sql.ts'
import { ERRORS } from './errors.ts'
import { parseAccept, parsePrefer, pickSchema } from './parse-headers.ts'
import { parseQuery } from './parse-query.ts'
import { readJsonBody, searchParams } from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import type { SchemaCache } from './schema-cache.ts'
import { returningFor, runWrite, sendWrite, writeAsCaller } from './write-reply.ts'

const Changes = z.record(z.string(), z.unknown())

/** PATCH /rest/v1/⟨table⟩?⟨filters⟩ (§3.6): the object's columns set on every matching row RLS lets through. */
export function updateRows(deps: Deps, cache: SchemaCache) {
  return async (c: Context<RestEnv>) => {
    const schemaName = pickSchema(c.req.header('content-profile'), deps.config.schemas)
    const media = parseAccept(c.req.header('accept'))
    const prefs = parsePrefer([c.req.header('prefer')])
    const query = parseQuery(searchParams(c))
    const parsed = Changes.safeParse(await readJsonBody(c, deps.config, undefined))
    if (!parsed.success) throw ERRORS.InvalidBody('expected a JSON object')
    const schema = await cache.get()
    const { table } = tableSource(schema, schemaName, c.req.param('table') ?? '')
    const columns = query.columns ?? Object.keys(parsed.data)
    const { returning, select } = returningFor(prefs, media, query, table)
    const aggregates = deps.config.DB_AGGREGATES_ENABLED
    if (columns.length === 0) {
      // Nothing to change: PostgREST answers without touching the table.
      return prefs.return === 'representation' ? c.json([], 200) : c.body(null, 204)
    }
    const statement = buildUpdate(
      schema,
      table,
      JSON.stringify(parsed.data),
      columns,
      { returning, select, aggregates },
      query,
    )
    const outcome = await writeAsCaller(deps.db, c.get('caller'), requestInfo(c), prefs, (tx) =>
      runWrite(tx, statement, {
        prefs,
        media,
        table,
        successStatus: 200,
        upsert: false,
        schemaPath: table.name,
      }),
    )
    return sendWrite(c, outcome)
  }
}
