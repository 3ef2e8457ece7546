import type { Context } from 'hono'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { buildDelete, tableSource } from './build-sql.ts'
import { parseAccept, parsePrefer, pickSchema } from './parse-headers.ts'
import { parseQuery } from './parse-query.ts'
import { searchParams } from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import type { SchemaCache } from './schema-cache.ts'
import { returningFor, runWrite, sendWrite, writeAsCaller } from './write-reply.ts'

/** DELETE /rest/v1/⟨table⟩?⟨filters⟩ (§3.6): removes the matching rows RLS lets the caller delete. */
export function deleteRows(deps: Deps, cache: SchemaCache) {
  return async (c: Context<RestEnv>) => {
    const schemaName = pickSchema(c.req.header('content-profile'), deps.config.schemas)
    const media = parseAccept(c.req.header('accept'))
    const prefs = parsePrefer([c.req.header('prefer')])
    const query = parseQuery(searchParams(c))
    const schema = await cache.get()
    const { table } = tableSource(schema, schemaName, c.req.param('table') ?? '')
    const { returning, select } = returningFor(prefs, media, query, table)
    const aggregates = deps.config.DB_AGGREGATES_ENABLED
    const statement = buildDelete(schema, table, { returning, select, aggregates }, query)
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
