import type { Context } from 'hono'
import { z } from 'zod'
import type { RequestInfo } from '../../database/request-scope.ts'
import type { Queryable } from '../../database/types.ts'
import type { Statement } from './build-sql.ts'
import { ERRORS, RestError } from './errors.ts'
import type { MediaType } from './parse-headers.ts'
import type { RestEnv } from './rest-env.ts'

/** The request facts the database scope receives (§1.4): lower-cased headers, verb and path. */
export function requestInfo(c: Context<RestEnv>): RequestInfo {
  return { headers: Object.fromEntries(c.req.raw.headers), method: c.req.method, path: c.req.path }
}

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

export async function runStatement(tx: Queryable, statement: Statement): Promise<ResultRow> {
  // The text depends only on the query's shape (values are parameters) and its columns never change.
  const result = await tx.query<Record<string, unknown>>(statement.sql, statement.params, { prepare: true })
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

/** Reads a JSON request body; an empty or broken one is 400 PGRST102. */
export async function readJsonBody(c: Context<RestEnv>, emptyAs: unknown): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '') return emptyAs
  try {
    return JSON.parse(text)
  } catch (error) {
    throw ERRORS.InvalidBody(error instanceof Error ? error.message : 'invalid JSON')
  }
}

export { RestError }
