import type { Context } from 'hono'
import { z } from 'zod'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { buildInsert, tableSource } from './build-sql.ts'
import { ERRORS } from './errors.ts'
import { parseAccept, parsePrefer, pickSchema } from './parse-headers.ts'
import { parseQuery } from './parse-query.ts'
import { readJsonBody, searchParams } from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import type { SchemaCache } from './schema-cache.ts'
import { returningFor, runWrite, sendWrite, writeAsCaller } from './write-reply.ts'

const Rows = z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))])

/**
 * POST /rest/v1/⟨table⟩ (§3.6): insert one object or an array, or upsert with
 * `Prefer: resolution=merge-duplicates|ignore-duplicates` and `on_conflict`.
 */
export function insertRows(deps: Deps, cache: SchemaCache) {
  return async (c: Context<RestEnv>) => {
    const schemaName = pickSchema(c.req.header('content-profile'), deps.config.schemas)
    const media = parseAccept(c.req.header('accept'))
    const prefs = parsePrefer([c.req.header('prefer')])
    const query = parseQuery(searchParams(c))
    const parsed = Rows.safeParse(await readJsonBody(c, deps.config, undefined))
    if (!parsed.success) throw ERRORS.InvalidBody('expected a JSON object or an array of objects')
    const rows = Array.isArray(parsed.data) ? parsed.data : [parsed.data]
    const schema = await cache.get()
    const { table } = tableSource(schema, schemaName, c.req.param('table') ?? '')
    const columns = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))]
    const { returning, select } = returningFor(prefs, media, query, table)
    const aggregates = deps.config.DB_AGGREGATES_ENABLED
    const statement = buildInsert(
      schema,
      table,
      JSON.stringify(rows),
      columns,
      {
        returning,
        select,
        aggregates,
        missingDefault: prefs.missing === 'default',
        resolution: prefs.resolution,
        onConflict: query.onConflict,
      },
      query,
    )
    const outcome = await writeAsCaller(deps.db, c.get('caller'), requestInfo(c), prefs, (tx) =>
      runWrite(tx, statement, {
        prefs,
        media,
        table,
        successStatus: 201,
        upsert: prefs.resolution !== null,
        schemaPath: table.name,
      }),
    )
    return sendWrite(c, outcome)
  }
}
