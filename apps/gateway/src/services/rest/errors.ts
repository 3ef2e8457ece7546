import type { Context, ErrorHandler } from 'hono'
import type { Logger } from 'pino'
import { z } from 'zod'
import { SessionEndedError } from '../../database/request-scope.ts'
import { retryAfter, ServiceError, serviceErrorHandler } from '../../http/service-error.ts'
import type { RestEnv } from './rest-env.ts'

/**
 * PostgREST's error body `{code, details, hint, message}` (docs/protocol/rest.md §3.8). `details`
 * is a string, or (PGRST201) the list of candidate relationships.
 */
export class RestError extends ServiceError {
  override body() {
    const { details = null, hint = null } = this.fields
    return { code: this.code, details, hint, message: this.message }
  }
}

/** The API gateway's own refusals (missing or unknown apikey) carry only `message`. */
class GatewayRefusal extends ServiceError {
  override body() {
    return { message: this.message }
  }
}

const e = (status: number, code: string, message: string, details?: unknown, hint?: string | null) =>
  new RestError(status, code, message, { details, hint })

/** The catalogue: every error the REST service answers with, with PostgREST's codes and wording. */
// biome-ignore format: one line per error
export const ERRORS = {
  ParseError: (what: string, details: string) => e(400, 'PGRST100', `failed to parse ${what}`, details),
  UndefinedOperator: (op: string) => e(400, 'PGRST100', 'failed to parse filter', `unknown operator "${op}"`),
  GatewayRefused: (message: string) => new GatewayRefusal(401, '', message),
  DatabaseUnavailable: (error: Error & { code?: unknown }) =>
    new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.',
      { details: typeof error.code === 'string' ? error.code : error.message }, retryAfter()),
  InvalidPath: () => e(404, 'PGRST125', 'Invalid path specified in request URL'),
  OpenApiDisabled: () => e(404, 'PGRST126', 'Open API is disabled'),
  MethodNotAllowedOnRpc: (method: string) => e(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  InvalidBody: (details: string) => e(400, 'PGRST102', 'Empty or invalid json', details),
  InvalidBodyKeys: () => e(400, 'PGRST102', 'All object keys must match'),
  // PostgREST itself sets no limit; the gateway does (REST_BODY_LIMIT_BYTES), with its own code.
  PayloadTooLarge: (limitBytes: number) => e(413, 'PGRST413', `Request body is larger than ${limitBytes} bytes`),
  InternalError: () => e(500, 'PGRST000', 'Internal server error'),
  RangeNotSatisfiable: (offset: number, total: number) => e(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`),
  InvalidSchema: (schema: string, exposed: string[]) => e(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`),
  NotAcceptable: (accept: string) => e(406, 'PGRST107', `None of these media types are available: ${accept}`),
  NotEmbedded: (name: string) => e(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`),
  SingularityError: (rows: number) => e(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`),
  UnsupportedMethod: (method: string) => e(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  BadEmbedOperator: (name: string) => e(400, 'PGRST120', `Bad operator on the '${name}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources'),
  RelatedOrderNotToOne: (from: string, to: string) =>
    e(400, 'PGRST118', `A related order on '${to}' is not possible`, `'${from}' and '${to}' do not form a many-to-one or one-to-one relationship`),
  AggregatesNotAllowed: () => e(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  MaxAffectedOnSingleRpc: () => e(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict'),
  MaxAffectedExceeded: (rows: number) => e(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`),
  /** Two embeds of one parent under one name: PostgreSQL's error for PostgREST's duplicate join alias. */
  DuplicateEmbed: (origin: string, name: string, depth: number) => e(400, '42712', `table name "${origin}_${name}_${depth}" specified more than once`),
  NoRelationship: (from: string, to: string, hint: string | null, schema: string, suggestion: string | null) =>
    e(400, 'PGRST200', `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
      `Searched for a foreign key relationship between '${from}' and '${to}'${hint === null ? '' : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
      suggestion),
  /** `candidates`: `{cardinality, embedding, relationship}` per relationship; `hints`: `'to!name'` each. */
  AmbiguousRelationship: (from: string, to: string, candidates: Record<string, string>[], hints: string[]) =>
    e(300, 'PGRST201', `Could not embed because more than one relationship was found for '${from}' and '${to}'`, candidates,
      `Try changing '${to}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`),
  FunctionNotFound: functionNotFound,
  /** `signatures`: `public.fn(a => integer, b => text)` for each candidate. */
  AmbiguousFunction: (signatures: string[]) =>
    e(300, 'PGRST203', `Could not choose the best candidate function between: ${[...signatures].sort().join(', ')}`, null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved'),
  UnknownColumnInBody: (column: string, table: string) => e(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  TableNotFound: (schema: string, name: string, suggestion: string | null = null) =>
    e(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null,
      suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`),
  UndefinedColumn: (table: string, column: string) => e(400, '42703', `column ${table}.${column} does not exist`),
  UndefinedType: (name: string) => e(400, '42704', `type "${name}" does not exist`),
  InvalidToken: (message: string, code: 'PGRST301' | 'PGRST303') =>
    new RestError(401, code, message, {},
      { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"` }),
} as const

/**
 * PGRST202. `args`: the argument names given, sorted. `body`: what a POST body could also have
 * matched (PostgREST names the single-unnamed-parameter fallback); `suggestion`: a close name.
 */
function functionNotFound(
  schema: string,
  name: string,
  args: string[],
  body: 'json' | 'text' | 'xml' | 'bytea' | null,
  suggestion: string | null,
) {
  const fn = `${schema}.${name}`
  const raw = body !== null && body !== 'json'
  const params = args.length
    ? ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}`
    : ' without parameters'
  const also = body === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''
  return e(
    404,
    'PGRST202',
    `Could not find the function ${fn}${raw ? '' : args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${fn}${raw ? ` with a single unnamed ${body} parameter` : params + also}, but no matches were found in the schema cache.`,
    raw || suggestion === null ? null : `Perhaps you meant to call the function ${schema}.${suggestion}`,
  )
}

/** PostgREST's SQLSTATE → HTTP mapping (docs/protocol/rest.md §3.8). */
// biome-ignore format: a table
const SQLSTATE_STATUS: Record<string, number> = {
  '23503': 409, '23505': 409, '25006': 405, P0001: 400, '42P01': 404, '42883': 404,
  '42P17': 500, '57014': 500, '53400': 500, '23502': 400, '23514': 400,
}

export function statusForSqlState(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  if (SQLSTATE_STATUS[code]) return SQLSTATE_STATUS[code]
  if (code.startsWith('08') || code.startsWith('53')) return 503
  return code.startsWith('XX') || code.startsWith('P0') ? 500 : 400
}

/** What the drivers (pg and PGlite) put on a PostgreSQL error. */
const PgError = z.object({
  code: z.string().regex(/^[0-9A-Z]{5}$/),
  message: z.string(),
  detail: z.string().nullish(),
  hint: z.string().nullish(),
})

/**
 * The REST service's `onError`: a PostgreSQL error keeps its SQLSTATE, detail and hint with
 * PostgREST's status; an unreachable database is 503 with Retry-After, which postgrest-js honours
 * for reads (docs/protocol/rest.md); anything else is unexpected (500 PGRST000).
 */
export function renderError(logger: Logger): ErrorHandler<RestEnv> {
  return serviceErrorHandler({
    logger,
    service: 'rest',
    internal: ERRORS.InternalError,
    unavailable: ERRORS.DatabaseUnavailable,
    translate: (error, c: Context<RestEnv>) => {
      // A token whose session was signed out or revoked is as invalid as an expired one.
      if (error instanceof SessionEndedError) return ERRORS.InvalidToken(error.message, 'PGRST303')
      const pg = PgError.safeParse(error)
      if (!pg.success) return undefined
      const { code, message, detail, hint } = pg.data
      return e(
        statusForSqlState(code, c.get('caller')?.role ?? 'anon'),
        code,
        message,
        detail ?? null,
        hint ?? null,
      )
    },
  })
}
