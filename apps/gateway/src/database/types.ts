/** A field of a query result, as the driver describes it. */
export interface FieldInfo {
  name: string
  dataTypeID: number
}

export interface QueryResult<T = Record<string, unknown>> {
  rows: T[]
  fields: FieldInfo[]
  /** Rows inserted, updated or deleted by the statement (0 for a select). */
  affectedRows: number
}

export interface QueryOptions {
  /**
   * A hint that this exact text runs often and always returns the same columns (the REST service's
   * statements): PostgreSQL may keep it prepared per connection. PGlite ignores it.
   */
  prepare?: boolean
  /**
   * Inside a transaction: no statement follows this one. PGlite sends COMMIT in the same call (a
   * statement after it throws); PostgreSQL commits when the transaction's function returns, as
   * always.
   */
  last?: boolean
}

/** Something that runs one parameterised statement: the database itself, or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>
  /** Runs a script of several statements without parameters (migrations, seed). */
  exec(sql: string): Promise<void>
  /**
   * Inside a transaction, on PGlite: a statement whose rows nobody reads (text, number, boolean or
   * null parameters), sent with the transaction's next statement or its COMMIT, in the same call
   * into the database. Its error, if any, is thrown by that statement instead. Absent elsewhere:
   * run the statement with `query`.
   */
  defer?(sql: string, params?: unknown[]): void
}

export interface TransactionOptions {
  readOnly?: boolean
}

export type NotificationHandler = (payload: string) => void

export interface ListenOptions {
  /**
   * Called (at most once) when the subscription ends although nobody stopped it: the connection
   * carrying it died (PostgreSQL: a server restart, `pg_terminate_backend`, a network cut, an idle
   * kill, or no answer to the listener's heartbeat). Notifications sent after that are not
   * received; the handler is already detached, and the caller must `listen` again and make up for
   * what it missed. Never called after the returned stop function or `close()`, and never on PGlite
   * (embedded: the subscription lives as long as the open database).
   */
  onLost?: (error: Error) => void
}

/**
 * The one database interface of the gateway. Two drivers implement it: PGlite (embedded, the
 * default) and node-postgres (any PostgreSQL 15+ through DATABASE_URL).
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK when it throws). Use only `tx` inside `fn`. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /**
   * LISTEN on a channel; resolves once notifications are received, with the function that stops
   * listening. Pass `onLost` to learn when the subscription is lost (see ListenOptions).
   */
  listen(channel: string, handler: NotificationHandler, options?: ListenOptions): Promise<() => Promise<void>>
  close(): Promise<void>
}
