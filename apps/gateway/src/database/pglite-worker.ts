import { Worker } from 'node:worker_threads'
// Types only: PGlite's own JavaScript is loaded in the worker thread, not in the gateway's.
import { paramsAsText } from './params-as-text.ts'
import type { OpenPgliteOptions, PgliteDatabase } from './pglite.ts'
import type { Reply, Request, SentError, ThreadData } from './pglite-thread.ts'
import { registerRenewal } from './renewal.ts'
import type {
  ListenOptions,
  NotificationHandler,
  Queryable,
  QueryOptions,
  QueryResult,
  TransactionOptions,
} from './types.ts'

/** Request without its id: the id is given when it is sent. */
type Asked = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never
type Told = Extract<Request, { op: 'tx.defer' | 'tx.end' }>

function fromSent(sent: SentError): Error {
  const error = new Error(sent.message)
  error.name = sent.name
  if (sent.stack) error.stack = sent.stack
  return Object.assign(error, sent.fields)
}

/** An error with a PostgreSQL SQLSTATE, as the REST and health code classify them. */
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

/** What the gateway hears of its PGlite thread's life after it opened (decision 072). */
export type ThreadEvent =
  /** The thread ended without being asked to; `restarting`: a new one is opening on the same folder. */
  | { type: 'lost'; error: Error; restarting: boolean }
  | { type: 'restarted' }
  /** No thread any more (a second loss within RESTART_WINDOW_MS, or the restart failed). */
  | { type: 'failed'; error: Error }

export interface PgliteWorkerOptions extends OpenPgliteOptions {
  onThreadEvent?: (event: ThreadEvent) => void
}

/** A thread lost within this long of the last restart is not restarted again. */
export const RESTART_WINDOW_MS = 60_000

/** The current thread of a database opened here: for tests that end it as a crash would. */
const threads = new WeakMap<object, () => Worker>()
export const pgliteThreadOf = (db: object): Worker | undefined => threads.get(db)?.()

/**
 * PGlite in a worker thread of its own (PGLITE_WORKER, decisions 071 and 072): the same database as
 * `openPglite` in the gateway's thread (pglite-thread.ts opens it there with that driver), reached
 * by messages. While PostgreSQL runs a statement, the gateway's thread goes on parsing requests,
 * checking tokens and writing JSON.
 *
 * A transaction's function runs here; each of its statements is one message, answered in order
 * by the thread, which holds the driver's lock from the transaction's first statement to its end.
 * A REST read (decision 051) is one message to the thread: BEGIN and its scope (`defer`) need no
 * answer and go with its one statement, marked `last`, with which the thread commits and ends the
 * transaction.
 *
 * A thread that ends without being asked to (an uncaught error, out of memory) is a lost
 * connection: calls under way fail with 08007 (whether a commit under way happened is unknown, as
 * with a PostgreSQL connection that dies), listeners' `onLost` is called, and a new thread opens
 * PGlite on the same folder (PostgreSQL's crash recovery replays what was committed); calls made
 * meanwhile fail at once with 57P03, so /health/ready answers 503. A second loss within
 * RESTART_WINDOW_MS, a failed restart, or a database without a folder (nothing to reopen) leaves
 * it failed for good: `onThreadEvent` hears `failed`, and the gateway exits for its supervisor.
 */
export async function openPgliteInWorker(
  dataDir?: string,
  options: PgliteWorkerOptions = {},
): Promise<PgliteDatabase> {
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners = new Map<
    number,
    { channel: string; handler: NotificationHandler; onLost?: ListenOptions['onLost'] }
  >()
  let nextId = 0
  let nextTx = 0
  let nextListener = 0
  /** Counts threads: a transaction begun on an earlier thread cannot go on on a later one. */
  let generation = 0
  /** Why calls fail at once now (restarting, failed, closed); undefined while the thread is open. */
  let down: Error | undefined
  let closing = false
  let lastRestart = Number.NEGATIVE_INFINITY
  let worker: Worker
  /** A thread closed on purpose to be replaced (renew): its end is not a loss. */
  let retired: Worker | undefined

  const failPending = (error: Error) => {
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }

  /** Starts a thread and resolves once PGlite is open in it. */
  function startThread(first: boolean): Promise<void> {
    const data: ThreadData = { dataDir, memory: options.memory }
    const transfer: ArrayBuffer[] = []
    if (first && options.loadDataDir) {
      // Read by the caller before: see below.
      data.loadDataDir = loadBytes
      transfer.push(loadBytes as ArrayBuffer)
    }
    // No inherited options: a preloaded script (`--import`) is for the gateway's own thread, and V8's
    // flags (`--liftoff-only`) are the process's, shared by every thread, not a thread's own.
    const thread = new Worker(new URL('./pglite-thread.ts', import.meta.url), {
      execArgv: [],
      workerData: data,
      transferList: transfer,
    })
    worker = thread
    generation++
    // The thread keeps the process alive only while an answer is awaited, as a socket would.
    thread.unref()
    let crash: Error | undefined
    return new Promise<void>((resolve, reject) => {
      let opened = false
      thread.on('message', (reply: Reply) => {
        if (reply.type === 'notify') {
          listeners.get(reply.listener)?.handler(reply.payload)
          return
        }
        if (reply.type === 'ready') {
          if (reply.error) reject(fromSent(reply.error))
          else {
            opened = true
            resolve()
          }
          return
        }
        const call = pending.get(reply.id)
        if (!call) return
        pending.delete(reply.id)
        if (pending.size === 0) thread.unref()
        if (reply.error) call.reject(fromSent(reply.error))
        else call.resolve(reply.value)
      })
      thread.on('error', (error) => {
        crash ??= error
      })
      thread.on('exit', (code) => {
        const cause = crash ? `: ${crash.message}` : ''
        if (!opened) {
          reject(crash ?? new Error(`the PGlite thread ended before PGlite opened (exit code ${code})`))
          return
        }
        if (closing || thread === retired) return
        lost(withCode(`the PGlite thread ended (exit code ${code})${cause}`, '08007'))
      })
      thread.ref()
    }).finally(() => {
      if (pending.size === 0) thread.unref()
    })
  }

  /** The thread ended unasked: fail what is under way, tell listeners, restart once (see above). */
  function lost(error: Error) {
    failPending(error)
    for (const [id, listener] of listeners) {
      if (!listener.onLost) continue
      listeners.delete(id)
      listener.onLost(error)
    }
    const restarting = dataDir !== undefined && Date.now() - lastRestart >= RESTART_WINDOW_MS
    options.onThreadEvent?.({ type: 'lost', error, restarting })
    if (!restarting) {
      fail(error)
      return
    }
    lastRestart = Date.now()
    down = withCode('the database is restarting (its PGlite thread ended)', '57P03')
    startThread(false).then(
      async () => {
        if (closing) return
        down = undefined
        // Listeners without `onLost` listen again on the new thread (those with it were told).
        await Promise.all(
          [...listeners].map(([listener, { channel }]) =>
            ask({ op: 'listen', channel, listener }).catch(() => listeners.delete(listener)),
          ),
        )
        options.onThreadEvent?.({ type: 'restarted' })
      },
      (restartError: unknown) => {
        const reason = restartError instanceof Error ? restartError.message : String(restartError)
        fail(new Error(`the PGlite thread could not be restarted: ${reason}`))
      },
    )
  }

  /** No thread any more: every call fails at once from now on. */
  function fail(error: Error) {
    down = withCode(`the database is unavailable: ${error.message}`, '57P03')
    failPending(down)
    if (!closing) options.onThreadEvent?.({ type: 'failed', error })
  }

  let loadBytes: ArrayBuffer | undefined
  if (options.loadDataDir) loadBytes = await options.loadDataDir.arrayBuffer()
  await startThread(true)

  /**
   * Messages that need no answer now wait here and go with the next that does, in one postMessage
   * (a REST read: BEGIN, its scope and its statement are one message to the thread).
   */
  let outbox: Request[] = []
  /** Queues `request`; sends the outbox with it unless `later`. */
  function ask<T>(request: Asked, options: { later?: boolean; transfer?: ArrayBuffer[] } = {}): Promise<T> {
    if (down) return Promise.reject(down)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref()
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      outbox.push({ ...request, id } as Request)
      if (!options.later) flush(options.transfer)
    })
  }
  function flush(transfer?: ArrayBuffer[]) {
    const batch = outbox
    outbox = []
    if (batch.length > 0 && !down) worker.postMessage(batch, transfer)
  }
  /** A message without an answer: sent with the next that has one, or at once when `now`. */
  const tell = (request: Told, now = false) => {
    if (down) return
    outbox.push(request)
    if (now) flush()
  }

  class WorkerTransaction implements Queryable {
    readonly tx = nextTx++
    /** The thread it began on: after a restart its statements fail instead of reaching the new one. */
    readonly generation = generation
    /** Its statement marked `last` ran: committed with it. */
    committed = false
    private check() {
      if (this.generation !== generation) {
        throw withCode('the transaction was lost with its PGlite thread', '08007')
      }
    }
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<T>> {
      this.check()
      const result = await ask<QueryResult<T>>({ op: 'tx.query', tx: this.tx, sql, params, options })
      if (options.last) this.committed = true
      return result
    }
    defer(sql: string, params: unknown[] = []): void {
      if (!paramsAsText(params)) throw new Error('defer: parameters must be text, numbers, booleans or null')
      if (this.generation !== generation) return
      tell({ op: 'tx.defer', tx: this.tx, sql, params })
    }
    async exec(sql: string): Promise<void> {
      this.check()
      await ask({ op: 'tx.exec', tx: this.tx, sql })
    }
  }

  const db: PgliteDatabase = {
    kind: 'pglite',
    query: (sql, params = [], options) => ask({ op: 'query', sql, params, options }),
    exec: async (sql) => {
      await ask({ op: 'exec', sql })
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
      if (down) throw down
      const tx = new WorkerTransaction()
      // Sent with the transaction's first statement.
      const done = ask({ op: 'begin', tx: tx.tx, readOnly: txOptions.readOnly === true }, { later: true })
      let result: T
      try {
        result = await fn(tx)
      } catch (error) {
        if (tx.generation === generation) tell({ op: 'tx.end', tx: tx.tx, ok: false }, true)
        // The caller's error is the one it hears of; the rollback's end is still waited for, so
        // that the next statement of this caller runs after it (as in the gateway's thread).
        await done.catch(() => undefined)
        throw error
      }
      if (tx.committed) {
        // Committed with its last statement, and ended there by the thread: the end cannot fail,
        // and any later message is answered after it anyway.
        done.catch(() => undefined)
        return result
      }
      if (tx.generation !== generation) {
        done.catch(() => undefined)
        throw withCode('the transaction was lost with its PGlite thread', '08007')
      }
      tell({ op: 'tx.end', tx: tx.tx, ok: true }, true)
      await done
      return result
    },
    // `onLost` is called when the thread ends unasked (a lost connection, see ListenOptions).
    async listen(channel, handler, listenOptions = {}) {
      const listener = nextListener++
      listeners.set(listener, { channel, handler, onLost: listenOptions.onLost })
      try {
        await ask({ op: 'listen', channel, listener })
      } catch (error) {
        listeners.delete(listener)
        throw error
      }
      return async () => {
        if (!listeners.delete(listener)) return
        await ask({ op: 'unlisten', listener }).catch((error: unknown) => {
          if (!down) throw error
        })
      }
    },
    async close() {
      if (closing) return
      closing = true
      try {
        if (!down) await ask({ op: 'close' })
      } finally {
        down = new Error('the database is closed')
        await worker.terminate()
      }
    },
    dumpDataDir: async () => new Blob([await ask<ArrayBuffer>({ op: 'dump' })]),
  }
  threads.set(db, () => worker)
  if (dataDir !== undefined) {
    registerRenewal(db, async () => {
      if (down) throw down
      if (pending.size > 0 || outbox.length > 0 || listeners.size > 0) {
        throw new Error('the PGlite thread can be renewed only while nothing uses the database')
      }
      const old = worker
      await ask({ op: 'close' })
      retired = old
      down = withCode('the database is reopening (its PGlite thread is renewed)', '57P03')
      await old.terminate()
      await startThread(false)
      down = undefined
    })
  }
  return db
}
