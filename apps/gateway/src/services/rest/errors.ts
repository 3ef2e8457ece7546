import { ServiceError } from '../../http/service-error.ts'

/**
 * The REST service's error catalogue (docs/protocol/rest.md §3.8): every error this service answers
 * with is made here, carries PostgREST's wire body `{code, details, hint, message}` and an HTTP status.
 */
export class RestError extends ServiceError {
  /** A string, or (PGRST201) the list of candidate relationships. */
  readonly details: unknown
  readonly hint: string | null
  /** The API gateway's own refusals (missing or unknown apikey) carry only `message`. */
  bare = false

  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(status, code, message, headers)
    this.details = details
    this.hint = hint
  }

  override body() {
    if (this.bare) return { message: this.message }
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

const quoteList = (items: string[]) => items.join(', ')

export const ERRORS = {
  ParseError: (what: string, details: string) =>
    new RestError(400, 'PGRST100', `failed to parse ${what}`, details),
  GatewayRefused: (message: string) => Object.assign(new RestError(401, '', message), { bare: true }),
  DatabaseUnavailable: (details: string) =>
    new RestError(503, 'PGRST001', 'Database client error. Retrying the connection.', details, null, {
      'Retry-After': '1',
    }),
  InvalidPath: () => new RestError(404, 'PGRST125', 'Invalid path specified in request URL'),
  OpenApiDisabled: () => new RestError(404, 'PGRST126', 'Open API is disabled'),
  MethodNotAllowedOnRpc: (method: string) =>
    new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  InvalidBody: (details: string) => new RestError(400, 'PGRST102', 'Empty or invalid json', details),
  InvalidBodyKeys: () => new RestError(400, 'PGRST102', 'All object keys must match'),
  // PostgREST itself sets no limit; the gateway does (REST_BODY_LIMIT_BYTES), with its own code.
  PayloadTooLarge: (limitBytes: number) =>
    new RestError(413, 'PGRST413', `Request body is larger than ${limitBytes} bytes`),
  InternalError: () => new RestError(500, 'PGRST000', 'Internal server error'),
  RangeNotSatisfiable: (offset: number, total: number) =>
    new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    ),
  InvalidSchema: (schema: string, exposed: string[]) =>
    new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${quoteList(exposed)}`,
    ),
  NotAcceptable: (accept: string) =>
    new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`),
  NotEmbedded: (name: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  SingularityError: (rows: number) =>
    new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  UnsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  BadEmbedOperator: (name: string) =>
    new RestError(
      400,
      'PGRST120',
      `Bad operator on the '${name}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  RelatedOrderNotToOne: (from: string, to: string) =>
    new RestError(
      400,
      'PGRST118',
      `A related order on '${to}' is not possible`,
      `'${from}' and '${to}' do not form a many-to-one or one-to-one relationship`,
    ),
  AggregatesNotAllowed: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  MaxAffectedOnSingleRpc: () =>
    new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    ),
  /** Two embeds of one parent under the same name: PostgreSQL's error for PostgREST's duplicate join alias. */
  DuplicateEmbed: (origin: string, name: string, depth: number) =>
    new RestError(400, '42712', `table name "${origin}_${name}_${depth}" specified more than once`),
  MaxAffectedExceeded: (rows: number) =>
    new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${rows} rows`,
    ),
  NoRelationship: (
    from: string,
    to: string,
    hint: string | null,
    schema: string,
    suggestion: string | null,
  ) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
      `Searched for a foreign key relationship between '${from}' and '${to}'${hint === null ? '' : ` using the hint '${hint}'`} in the schema '${schema}', but no matches were found.`,
      suggestion,
    ),
  /** `candidates`: `{cardinality, embedding, relationship}` per relationship; `hints`: `'to!name'` each. */
  AmbiguousRelationship: (from: string, to: string, candidates: Record<string, string>[], hints: string[]) =>
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${from}' and '${to}'`,
      candidates,
      `Try changing '${to}' to one of the following: ${hints.join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  /**
   * `args`: the argument names given, sorted. `body`: what a POST body could also have matched
   * (PostgREST names the single-unnamed-parameter fallback); `suggestion`: a close name or signature.
   */
  FunctionNotFound: (
    schema: string,
    name: string,
    args: string[],
    body: 'json' | 'text' | 'xml' | 'bytea' | null,
    suggestion: string | null,
  ) => {
    const fn = `${schema}.${name}`
    const raw = body !== null && body !== 'json'
    const params = args.length
      ? ` with parameter${args.length > 1 ? 's' : ''} ${args.join(', ')}`
      : ' without parameters'
    const searched =
      body === 'json'
        ? `${params} or with a single unnamed json/jsonb parameter`
        : body === null
          ? params
          : ` with a single unnamed ${body} parameter`
    return new RestError(
      404,
      'PGRST202',
      `Could not find the function ${fn}${raw ? '' : args.length ? `(${args.join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${fn}${searched}, but no matches were found in the schema cache.`,
      raw || suggestion === null ? null : `Perhaps you meant to call the function ${schema}.${suggestion}`,
    )
  },
  /** `signatures`: `public.fn(a => integer, b => text)` for each candidate. */
  AmbiguousFunction: (signatures: string[]) =>
    new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${[...signatures].sort().join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  UnknownColumnInBody: (column: string, table: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  TableNotFound: (schema: string, name: string, suggestion: string | null = null) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
    ),
  UndefinedColumn: (table: string, column: string) =>
    new RestError(400, '42703', `column ${table}.${column} does not exist`),
  UndefinedType: (name: string) => new RestError(400, '42704', `type "${name}" does not exist`),
  UndefinedOperator: (op: string) =>
    new RestError(400, 'PGRST100', 'failed to parse filter', `unknown operator "${op}"`),
  InvalidToken: (message: string, code: 'PGRST301' | 'PGRST303') =>
    new RestError(401, code, message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"`,
    }),
} as const
