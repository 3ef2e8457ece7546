import type { Context } from 'hono'
import { z } from 'zod'
import type { Config } from '../../config.ts'
import type { Queryable } from '../../database/types.ts'
import { jsonBodyReader, nestingDepthExceeds } from '../../http/json-body.ts'
import { readLimitedBody } from '../../http/read-limited-body.ts'
import type { Statement } from './build-sql.ts'
import { ERRORS } from './errors.ts'
import type { MediaType } from './parse-headers.ts'
import type { RestEnv } from './rest-env.ts'

export function searchParams(c: Context<RestEnv>): [string, string][] {
  return [...new URL(c.req.url).searchParams]
}

/** The one row a built statement answers with. */
export interface ResultRow {
  body: string | null
  pageTotal: number
  total: number | null
  inserted: number | null
}

export async function runStatement(
  tx: Queryable,
  statement: Statement,
  options: { last?: boolean } = {},
): Promise<ResultRow> {
  // The text depends only on the query's shape (values are parameters) and its columns never change.
  const result = await tx.query<Record<string, unknown>>(statement.sql, statement.params, {
    prepare: true,
    last: options.last,
  })
  const row = result.rows[0] ?? {}
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    body: typeof row.body === 'string' ? row.body : null,
    pageTotal: num(row.page_total) ?? result.affectedRows,
    total: num(row.total),
    inserted: num(row.inserted),
  }
}

/**
 * The total of `Prefer: count=planned|estimated`, inside the request's transaction (as the caller,
 * so RLS shapes the plan): planned is the planner's row estimate for the count query; estimated is
 * the exact count up to DB_MAX_ROWS and, past it (or with no DB_MAX_ROWS), the larger of that count
 * and the estimate, as PostgREST computes them. Exact counts come with the statement itself.
 */
export async function estimatedTotal(
  tx: Queryable,
  countQuery: Statement,
  mode: 'planned' | 'estimated',
  maxRows: number | null,
): Promise<number | null> {
  const planned = async () => {
    const { rows } = await tx.query<Record<string, unknown>>(
      `explain (format json) ${countQuery.sql}`,
      countQuery.params,
    )
    const raw = Object.values(rows[0] ?? {})[0]
    const plan = PlanJson.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw)
    return plan.success ? plan.data[0].Plan['Plan Rows'] : null
  }
  if (mode === 'planned') return planned()
  const limit = maxRows === null ? '' : ` limit ${maxRows + 1}`
  const { rows } = await tx.query<{ n: unknown }>(
    `select count(*)::int8 as n from (${countQuery.sql}${limit}) as pgrst_c`,
    countQuery.params,
  )
  const exact = Number(rows[0]?.n ?? 0)
  if (maxRows !== null && exact <= maxRows) return exact
  return Math.max(exact, (await planned()) ?? 0)
}

const PlanJson = z.array(z.object({ Plan: z.object({ 'Plan Rows': z.number() }) })).min(1)

/** `first-last/total` (PostgREST's Content-Range; `*` when unknown or empty). */
export function contentRange(offset: number, pageTotal: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total)
  if (pageTotal === 0 || total === 0) return `*/${totalText}`
  return `${offset}-${offset + pageTotal - 1}/${totalText}`
}

/** The status of a read: 416 past the end, 206 for a partial page of a counted result. */
export function rangeStatus(offset: number, pageTotal: number, total: number | null): 200 | 206 {
  if (total === null) return 200
  if (offset > total) throw ERRORS.RangeNotSatisfiable(offset, total)
  return pageTotal < total ? 206 : 200
}

/**
 * The reply body for the requested media type: the JSON array as PostgreSQL rendered it, the one
 * object of `.single()` (406 PGRST116 otherwise), or CSV.
 */
export function shapeBody(
  media: MediaType,
  body: string,
  pageTotal: number,
  csvHeader?: string[],
): { text: string; contentType: string } {
  if (media === 'object') {
    if (pageTotal !== 1) throw ERRORS.SingularityError(pageTotal)
    return { text: body.slice(1, -1).trim(), contentType: 'application/vnd.pgrst.object+json; charset=utf-8' }
  }
  if (media === 'csv') {
    const text = csvHeader ? `${csvHeader.map(csvCell).join(',')}\n${body}` : toCsv(body)
    return { text, contentType: 'text/csv; charset=utf-8' }
  }
  return { text: body, contentType: 'application/json; charset=utf-8' }
}

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function toCsv(body: string): string {
  const rows: unknown = JSON.parse(body)
  if (!Array.isArray(rows) || rows.length === 0) return ''
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
  const first = rows[0]
  if (!isRecord(first)) return rows.map(csvCell).join('\n')
  const keys = Object.keys(first)
  const lines = [keys.map(csvCell).join(',')]
  for (const row of rows) lines.push(keys.map((k) => csvCell(isRecord(row) ? row[k] : null)).join(','))
  return lines.join('\n')
}

/**
 * The REST service's JSON bodies (inserts, updates, RPC arguments): capped by REST_BODY_LIMIT_BYTES
 * and JSON_MAX_DEPTH; a broken, too deep or empty one is 400 PGRST102. `emptyAs` is what an empty
 * body stands for (RPC: no arguments); the caller checks the value's shape.
 */
export function readJsonBody(c: Context<RestEnv>, config: Config, emptyAs: unknown): Promise<unknown> {
  return jsonBodyReader(
    {
      tooLarge: ERRORS.PayloadTooLarge,
      malformed: ERRORS.InvalidBody,
      tooDeep: (maxDepth) => ERRORS.InvalidBody(`nested deeper than ${maxDepth} levels`),
      invalid: () => ERRORS.InvalidBody('invalid json'),
    },
    config,
    { limitBytes: config.REST_BODY_LIMIT_BYTES },
  ).readValue(c, { empty: emptyAs })
}

/** The raw body (RPC: passed whole to a function of one unnamed argument), capped like JSON bodies. */
export async function readRawBody(c: Context<RestEnv>, config: Config): Promise<Uint8Array> {
  return (
    (await readLimitedBody(c.req.raw, config.REST_BODY_LIMIT_BYTES, ERRORS.PayloadTooLarge)) ??
    new Uint8Array()
  )
}

/** JSON text read by readRawBody, refused as readJsonBody refuses it (depth, syntax). */
export function parseJsonText(text: string, config: Config, emptyAs: unknown): unknown {
  if (text.trim() === '') return emptyAs
  if (nestingDepthExceeds(text, config.JSON_MAX_DEPTH))
    throw ERRORS.InvalidBody(`nested deeper than ${config.JSON_MAX_DEPTH} levels`)
  try {
    return JSON.parse(text)
  } catch (error) {
    throw ERRORS.InvalidBody(error instanceof Error ? error.message : 'invalid JSON')
  }
}
