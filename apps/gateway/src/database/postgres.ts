import pg from 'pg'
import type {
  Database,
  ListenOptions,
  NotificationHandler,
  Queryable,
  QueryOptions,
  QueryResult,
  TransactionOptions,
} from './types.ts'

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

const CONNECTION_TIMEOUT_MS = 10_000

export interface PostgresOptions {
  /** How long a request may wait for a connection before it fails (default 10 s). */
  connectionTimeoutMs?: number
  /** How often a LISTEN connection is asked `select 1` (default 30 s). */
  listenerHeartbeatMs?: number
  /** How long it may take to answer before it counts as lost (default 10 s). */
  listenerHeartbeatTimeoutMs?: number
}

/** The oldest PostgreSQL the migrations are written for (`server_version_num`). */
export const OLDEST_SUPPORTED_SERVER = 150000

/** Stops start-up with one line when the server at DATABASE_URL is older than PostgreSQL 15. */
export function assertSupportedServer(versionNum: number, version: string): void {
  if (!(versionNum >= OLDEST_SUPPORTED_SERVER)) {
    throw new Error(`PostgreSQL 15 or later is needed: the server at DATABASE_URL runs ${version}`)
  }
}

/** Any PostgreSQL 15+ through a connection pool. */
export async function openPostgres(
  connectionString: string,
  poolSize = 10,
  options: PostgresOptions = {},
): Promise<Database> {
  // A connection (new, or a pooled one to wait for) that does not come within the limit fails the
  // request with a 503 rather than leaving it hanging while PostgreSQL is away or overwhelmed.
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
  })
  // A connection the server ends while it sits idle or is closing (a restart, a dropped database)
  // emits 'error' with nobody to catch it, which would crash the process. The pool replaces such
  // connections; a statement that was running on one still fails through its own promise.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  // Fail at start-up, with the driver's own message, when the server cannot be reached.
  const probe = await pool.connect()
  try {
    const { rows } = await probe.query<{ server_version_num: string; server_version: string }>(
      "select current_setting('server_version_num') as server_version_num, current_setting('server_version') as server_version",
    )
    assertSupportedServer(Number(rows[0].server_version_num), rows[0].server_version)
  } catch (error) {
    probe.release()
    await pool.end()
    throw error
  }
  probe.release()
  // LISTEN connections are the pool's siblings, not its members: each one is held for as long as
  // its channel is listened to, and taken from the pool they would leave too few for requests.
  const connectListener = async () => {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS,
    })
    client.on('error', () => undefined)
    await client.connect()
    return client
  }
  const listeners = openListeners(connectListener, {
    everyMs: options.listenerHeartbeatMs ?? LISTENER_HEARTBEAT_MS,
    timeoutMs: options.listenerHeartbeatTimeoutMs ?? LISTENER_HEARTBEAT_TIMEOUT_MS,
  })
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
    listen: listeners.listen,
    async close() {
      listeners.closeAll()
      await pool.end()
    },
  }
}

/**
 * How often a LISTEN connection proves it is alive, and how long it may take to answer. A
 * connection cut without a FIN (a network partition, a NAT or proxy dropping state) looks healthy
 * to the socket for many minutes; a statement that gets no answer reveals it. The traffic also
 * keeps proxies (and an `idle_session_timeout` above the interval) from closing a connection that
 * only listens.
 */
const LISTENER_HEARTBEAT_MS = 30_000
const LISTENER_HEARTBEAT_TIMEOUT_MS = 10_000

interface Subscriber {
  handler: NotificationHandler
  onLost: ((error: Error) => void) | undefined
}

interface Listener {
  client: pg.Client
  subscribers: Set<Subscriber>
  /** Set once the connection is given up (lost, unlistened or closed): nothing happens twice. */
  done: boolean
  heartbeat: NodeJS.Timeout | undefined
  beating: boolean
}

/**
 * LISTEN beside a pool: one dedicated connection per channel (opened by `connect`, outside the
 * pool), shared by every handler of that channel. The connection is named in pg_stat_activity
 * (`application_name` genesis-listen:<channel>) so that operators can tell it from request
 * connections. When it dies, every subscriber's `onLost` is called and the next `listen` opens a
 * new connection.
 */
function openListeners(connect: () => Promise<pg.Client>, heartbeat: { everyMs: number; timeoutMs: number }) {
  const listeners = new Map<string, Listener>()
  const opening = new Map<string, Promise<Listener>>()

  const giveUp = (channel: string, listener: Listener, error: Error | undefined) => {
    if (listener.done) return
    listener.done = true
    clearInterval(listener.heartbeat)
    if (listeners.get(channel) === listener) listeners.delete(channel)
    // The connection carries a LISTEN and a name (or is dead): it is closed, never reused.
    listener.client.end().catch(() => undefined)
    if (!error) return
    for (const subscriber of listener.subscribers) {
      try {
        subscriber.onLost?.(error)
      } catch {
        // One subscriber's failure must not keep the others from hearing about the loss.
      }
    }
    listener.subscribers.clear()
  }

  const open = async (channel: string): Promise<Listener> => {
    const client = await connect()
    const listener: Listener = {
      client,
      subscribers: new Set(),
      done: false,
      heartbeat: undefined,
      beating: false,
    }
    client.on('notification', (message) => {
      if (listener.done || message.channel !== channel) return
      for (const subscriber of listener.subscribers) subscriber.handler(message.payload ?? '')
    })
    // A server restart, pg_terminate_backend or a reset socket: 'error' (then 'end'), or only
    // 'end' when the server closes cleanly. Either way the subscription is gone.
    client.on('error', (error) => giveUp(channel, listener, error))
    client.on('end', () => giveUp(channel, listener, new Error('the LISTEN connection ended')))
    try {
      // A pooled connection can be dead without knowing it (the network was cut while it sat
      // idle): one that does not answer in time is dropped like a lost one, so a retry gets another.
      await answered(
        client.query("select pg_catalog.set_config('application_name', $1, false)", [
          `genesis-listen:${channel}`,
        ]),
        heartbeat.timeoutMs,
      )
      await answered(client.query(`listen ${pg.escapeIdentifier(channel)}`), heartbeat.timeoutMs)
    } catch (error) {
      if (!listener.done) {
        listener.done = true
        client.end().catch(() => undefined)
      }
      throw error
    }
    listener.heartbeat = setInterval(() => void beat(channel, listener), heartbeat.everyMs)
    listener.heartbeat.unref()
    return listener
  }

  const beat = async (channel: string, listener: Listener) => {
    if (listener.done || listener.beating) return
    listener.beating = true
    try {
      await answered(listener.client.query('select 1'), heartbeat.timeoutMs)
    } catch (error) {
      giveUp(channel, listener, error instanceof Error ? error : new Error(String(error)))
    } finally {
      listener.beating = false
    }
  }

  return {
    async listen(channel: string, handler: NotificationHandler, options: ListenOptions = {}) {
      let listener = listeners.get(channel)
      if (!listener) {
        // Concurrent first listens of a channel share one connection.
        let pending = opening.get(channel)
        if (!pending) {
          pending = open(channel).finally(() => opening.delete(channel))
          opening.set(channel, pending)
        }
        listener = await pending
        // Lost in the instant between opening and now: fail like any other failed LISTEN.
        if (listener.done) throw new Error(`the connection listening on ${channel} was lost`)
        listeners.set(channel, listener)
      }
      const subscriber: Subscriber = { handler, onLost: options.onLost }
      const current = listener
      current.subscribers.add(subscriber)
      return async () => {
        current.subscribers.delete(subscriber)
        if (current.subscribers.size === 0) giveUp(channel, current, undefined)
      }
    },
    closeAll() {
      for (const [channel, listener] of [...listeners]) giveUp(channel, listener, undefined)
    },
  }
}

/** Resolves as `work` does, or rejects when it has not settled within `timeoutMs`. */
async function answered<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the LISTEN connection did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        )
      }),
    ])
  } finally {
    clearTimeout(timer)
  }
}
