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
}

export interface TransactionOptions {
  readOnly?: boolean
}

export type NotificationHandler = (payload: string) => void

/**
 * The one database interface of the gateway. Two drivers implement it: PGlite (embedded, the
 * default) and node-postgres (any PostgreSQL 15+ through DATABASE_URL).
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` inside BEGIN … COMMIT (ROLLBACK when it throws). Use only `tx` inside `fn`. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>
  /** LISTEN on a channel; returns the function that stops listening. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>
  close(): Promise<void>
}
