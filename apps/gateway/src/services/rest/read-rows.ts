import type { Context } from 'hono'
import { asCaller } from '../../database/request-scope.ts'
import type { Deps } from '../../deps.ts'
import { requestInfo } from '../../http/request-info.ts'
import { buildRead, tableSource } from './build-sql.ts'
import { parseAccept, parsePrefer, pickSchema } from './parse-headers.ts'
import { parseQuery, parseRangeHeader } from './parse-query.ts'
import {
  contentRange,
  estimatedTotal,
  rangeStatus,
  runStatement,
  searchParams,
  shapeBody,
} from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import type { SchemaCache } from './schema-cache.ts'

/** GET/HEAD /rest/v1/⟨table⟩ (§3.3–3.5, §3.7): rows shaped by select, filtered, ordered, paged, counted. */
export function readRows(deps: Deps, cache: SchemaCache) {
  return async (c: Context<RestEnv>) => {
    const schemaName = pickSchema(c.req.header('accept-profile'), deps.config.schemas)
    const media = parseAccept(c.req.header('accept'))
    const prefs = parsePrefer([c.req.header('prefer')])
    const query = parseQuery(searchParams(c))
    const range = parseRangeHeader(c.req.header('range'))
    const schema = await cache.get()
    const source = tableSource(schema, schemaName, c.req.param('table') ?? '')
    const maxRows = deps.config.DB_MAX_ROWS ?? null
    const statement = buildRead(schema, source, query, {
      count: prefs.count === 'exact',
      csv: media === 'csv',
      range,
      maxRows,
      aggregates: deps.config.DB_AGGREGATES_ENABLED,
    })
    const result = await asCaller(
      deps.db,
      c.get('caller'),
      async (tx) => {
        const count = prefs.count
        const estimate = count === 'planned' || count === 'estimated'
        // Without an estimate the read is one statement: on PGlite, COMMIT goes with it (051).
        const row = await runStatement(tx, statement, { last: !estimate })
        if (estimate) row.total = await estimatedTotal(tx, statement.countQuery, count, maxRows)
        return row
      },
      { readOnly: true, request: requestInfo(c) },
    )
    const offset =
      (query.offsets.filter((o) => o.path.length === 0).at(-1)?.value ?? 0) + (range?.offset ?? 0)
    const status = rangeStatus(offset, result.pageTotal, result.total)
    const { text, contentType } = shapeBody(media, result.body ?? '[]', result.pageTotal, statement.csvHeader)
    return c.body(text, status, {
      'Content-Type': contentType,
      'Content-Range': contentRange(offset, result.pageTotal, result.total),
      'Range-Unit': 'items',
    })
  }
}
