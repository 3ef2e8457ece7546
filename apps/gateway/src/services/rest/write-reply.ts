import type { Context } from 'hono'
import { z } from 'zod'
import { asCaller, type Caller, type RequestInfo } from '../../database/request-scope.ts'
import type { Database, Queryable } from '../../database/types.ts'
import type { Statement } from './build-sql.ts'
import { ERRORS } from './errors.ts'
import type { MediaType, Preferences } from './parse-headers.ts'
import type { ParsedQuery, SelectItem } from './query-types.ts'
import { runStatement, shapeBody } from './respond.ts'
import type { RestEnv } from './rest-env.ts'
import type { Table } from './schema-cache.ts'

/** What a write must read back: rows for representation/headers-only/single, or nothing. */
export function returningFor(prefs: Preferences, media: MediaType, query: ParsedQuery, table: Table) {
  const headersOnly = prefs.return === 'headers-only'
  const returning = prefs.return === 'representation' || headersOnly || media === 'object'
  const select: SelectItem[] = headersOnly
    ? table.primaryKey.map((column) => ({
        kind: 'field',
        alias: null,
        field: { column, json: [] },
        cast: null,
      }))
    : query.select
  return { returning, select }
}

export interface WriteOutcome {
  status: number
  body: string | null
  headers: Record<string, string>
}

/**
 * Runs a write inside the caller's transaction and decides the reply (§3.6). Throwing here (e.g.
 * `.single()` on 0 or 2 rows) rolls the write back, as PostgREST does.
 */
export async function runWrite(
  tx: Queryable,
  statement: Statement,
  options: {
    prefs: Preferences
    media: MediaType
    table: Table
    successStatus: 201 | 200
    upsert: boolean
    schemaPath: string
  },
): Promise<WriteOutcome> {
  const result = await runStatement(tx, statement)
  const { prefs, media } = options
  // PostgREST applies max-affected to updates and deletes (and RPC), not to inserts.
  if (options.successStatus === 200 && prefs.maxAffected !== null && result.pageTotal > prefs.maxAffected) {
    throw ERRORS.MaxAffectedExceeded(result.pageTotal)
  }
  const headers: Record<string, string> = {
    'Content-Range': `*/${prefs.count ? result.pageTotal : '*'}`,
  }
  if (prefs.return === 'headers-only' && result.body) {
    const rows = z.array(z.record(z.string(), z.unknown())).parse(JSON.parse(result.body))
    if (rows[0] && options.table.primaryKey.length) {
      const query = options.table.primaryKey
        .map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(rows[0][k]))}`)
        .join('&')
      headers.Location = `/${options.schemaPath}?${query}`
    }
    return { status: 201, body: null, headers }
  }
  const status = options.upsert && result.inserted === 0 && result.pageTotal > 0 ? 200 : options.successStatus
  if (prefs.return === 'representation' || media === 'object') {
    const shaped = shapeBody(media, result.body ?? '[]', result.pageTotal)
    if (prefs.return !== 'representation') return { status: status === 201 ? 201 : 204, body: null, headers }
    headers['Content-Type'] = shaped.contentType
    return { status, body: shaped.text, headers }
  }
  return { status: options.successStatus === 201 ? 201 : 204, body: null, headers }
}

export function sendWrite(c: Context<RestEnv>, outcome: WriteOutcome) {
  if (outcome.body === null) return c.body(null, outcome.status as 201 | 204, outcome.headers)
  return c.body(outcome.body, outcome.status as 200 | 201, outcome.headers)
}

/** Carries a finished request's reply out of a transaction that `Prefer: tx=rollback` undoes. */
class RolledBack<T> extends Error {
  readonly outcome: T
  constructor(outcome: T) {
    super('rolled back on request')
    this.outcome = outcome
  }
}

/**
 * Runs a write (or an RPC call) as the caller; with `Prefer: tx=rollback` it answers as usual but
 * changes nothing. Throwing inside `write` rolls back too.
 */
export async function writeAsCaller<T = WriteOutcome>(
  db: Database,
  caller: Caller,
  request: RequestInfo,
  prefs: Preferences,
  write: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  try {
    return await asCaller(
      db,
      caller,
      async (tx) => {
        const outcome = await write(tx)
        if (prefs.rollback) throw new RolledBack(outcome)
        return outcome
      },
      { request, readOnly: options.readOnly },
    )
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome as T
    throw error
  }
}
