import pg from 'pg'
import type { Database, Queryable, QueryOptions, QueryResult, TransactionOptions } from './types.ts'

// Return dates, timestamps and big numbers as PostgreSQL prints them; the REST layer renders
// JSON inside PostgreSQL, and everything else should see the same values on both drivers.
const { types } = pg
for (const oid of [1082, 1114, 1184]) types.setTypeParser(oid, (value: string) => value)
types.setTypeParser(20, Number)

type Client = pg.Pool | pg.PoolClient

/**
 * Names for statements kept prepared, per pool: the first PREPARED_STATEMENTS distinct texts asked
 * for with `prepare` get a name (each connection then parses and plans them once); later texts run
 * unnamed, so request-shaped SQL cannot grow the server's memory without bound.
 */
const PREPARED_STATEMENTS = 500
type StatementNames = Map<string, string>

function statementName(names: StatementNames, sql: string): string | undefined {
  let name = names.get(sql)
  if (name === undefined && names.size < PREPARED_STATEMENTS) {
    name = `genesis_${names.size + 1}`
    names.set(sql, name)
  }
  return name
}

function wrap(client: Client, names: StatementNames): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<T>> {
      const name = options.prepare ? statementName(names, sql) : undefined
      const result = name
        ? await client.query({ name, text: sql, values: params })
        : await client.query(sql, params)
      return {
        rows: result.rows as T[],
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
  }
}

/** Any PostgreSQL 15+ through a connection pool. */
export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize })
  // A connection the server ends while it sits idle or is closing (a restart, a dropped database)
  // emits 'error' with nobody to catch it, which would crash the process. The pool replaces such
  // connections; a statement that was running on one still fails through its own promise.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  // Fail at start-up, with the driver's own message, when the server cannot be reached.
  const probe = await pool.connect()
  probe.release()
  const listeners = new Map<string, { client: pg.PoolClient; handlers: Set<(p: string) => void> }>()
  const names: StatementNames = new Map()
  const direct = wrap(pool, names)
  return {
    kind: 'postgres',
    query: direct.query,
    exec: direct.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}) {
      const client = await pool.connect()
      try {
        await client.query(options.readOnly ? 'begin read only' : 'begin')
        const result = await fn(wrap(client, names))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, handler) {
      let entry = listeners.get(channel)
      if (!entry) {
        const client = await pool.connect()
        const handlers = new Set<(p: string) => void>()
        client.on('notification', (message) => {
          if (message.channel === channel) for (const h of handlers) h(message.payload ?? '')
        })
        // A LISTEN connection that dies (server restart, database dropped) must not crash the
        // process: forget it, so that the next listen() opens a new one.
        client.on('error', () => {
          if (listeners.get(channel)?.client === client) listeners.delete(channel)
          client.release(true)
        })
        await client.query(`listen ${pg.escapeIdentifier(channel)}`)
        entry = { client, handlers }
        listeners.set(channel, entry)
      }
      entry.handlers.add(handler)
      const current = entry
      return async () => {
        current.handlers.delete(handler)
        if (current.handlers.size === 0 && listeners.get(channel) === current) {
          listeners.delete(channel)
          await current.client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined)
          current.client.release()
        }
      }
    },
    async close() {
      for (const { client } of listeners.values()) client.release()
      listeners.clear()
      await pool.end()
    },
  }
}
