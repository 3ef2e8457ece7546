import { Worker } from 'node:worker_threads'
// Types only: PGlite's own JavaScript is loaded in the worker thread, not in the gateway's.
import { paramsAsText } from './params-as-text.ts'
import type { OpenPgliteOptions, PgliteDatabase } from './pglite.ts'
import type { Reply, Request, SentError, ThreadData } from './pglite-thread.ts'
import type {
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

/**
 * PGlite in a worker thread of its own (PGLITE_WORKER=true, decision 071): the same database as
 * `openPglite` in the gateway's thread (pglite-thread.ts opens it there with that driver), reached
 * by messages. While PostgreSQL runs a statement, the gateway's thread goes on parsing requests,
 * checking tokens and writing JSON.
 *
 * A transaction's function runs here; each of its statements is one message, answered in order
 * by the thread, which holds the driver's lock from the transaction's first statement to its end.
 * A REST read (decision 051) is one message to the thread: BEGIN and its scope (`defer`) need no
 * answer and go with its one statement, marked `last`, with which the thread commits and ends the
 * transaction.
 */
export async function openPgliteInWorker(
  dataDir?: string,
  options: OpenPgliteOptions = {},
): Promise<PgliteDatabase> {
  const data: ThreadData = { dataDir, memory: options.memory }
  const transfer: ArrayBuffer[] = []
  if (options.loadDataDir) {
    data.loadDataDir = await options.loadDataDir.arrayBuffer()
    transfer.push(data.loadDataDir)
  }
  // No inherited options: a preloaded script (`--import`) is for the gateway's own thread, and V8's
  // flags (`--liftoff-only`) are the process's, shared by every thread, not a thread's own.
  const worker = new Worker(new URL('./pglite-thread.ts', import.meta.url), {
    execArgv: [],
    workerData: data,
    transferList: transfer,
  })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners = new Map<number, NotificationHandler>()
  let nextId = 0
  let nextTx = 0
  let nextListener = 0
  /** Set once the thread has failed or ended: later calls fail at once. */
  let ended: Error | undefined
  // The thread keeps the process alive only while an answer is awaited, as a socket would.
  worker.unref()

  const failAll = (error: Error) => {
    ended ??= error
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (reply: Reply) => {
      if (reply.type === 'notify') {
        listeners.get(reply.listener)?.(reply.payload)
        return
      }
      if (reply.type === 'ready') {
        if (reply.error) reject(fromSent(reply.error))
        else resolve()
        return
      }
      const call = pending.get(reply.id)
      if (!call) return
      pending.delete(reply.id)
      if (pending.size === 0) worker.unref()
      if (reply.error) call.reject(fromSent(reply.error))
      else call.resolve(reply.value)
    })
    worker.on('error', (error) => {
      reject(error)
      failAll(error)
    })
    worker.on('exit', (code) => {
      const error = new Error(`the PGlite thread ended (exit code ${code})`)
      reject(error)
      failAll(error)
    })
  })
  worker.ref()
  try {
    await ready
  } finally {
    worker.unref()
  }

  /**
   * Messages that need no answer now wait here and go with the next that does, in one postMessage
   * (a REST read: BEGIN, its scope and its statement are one message to the thread).
   */
  let outbox: Request[] = []
  /** Queues `request`; sends the outbox with it unless `later`. */
  function ask<T>(request: Asked, options: { later?: boolean; transfer?: ArrayBuffer[] } = {}): Promise<T> {
    if (ended) return Promise.reject(ended)
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
    if (batch.length > 0 && !ended) worker.postMessage(batch, transfer)
  }
  /** A message without an answer: sent with the next that has one, or at once when `now`. */
  const tell = (request: Told, now = false) => {
    if (ended) return
    outbox.push(request)
    if (now) flush()
  }

  class WorkerTransaction implements Queryable {
    readonly tx = nextTx++
    /** Its statement marked `last` ran: committed with it. */
    committed = false
    async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<QueryResult<T>> {
      const result = await ask<QueryResult<T>>({ op: 'tx.query', tx: this.tx, sql, params, options })
      if (options.last) this.committed = true
      return result
    }
    defer(sql: string, params: unknown[] = []): void {
      if (!paramsAsText(params)) throw new Error('defer: parameters must be text, numbers, booleans or null')
      tell({ op: 'tx.defer', tx: this.tx, sql, params })
    }
    async exec(sql: string): Promise<void> {
      await ask({ op: 'tx.exec', tx: this.tx, sql })
    }
  }

  let stopped = false
  return {
    kind: 'pglite',
    query: (sql, params = [], options) => ask({ op: 'query', sql, params, options }),
    exec: async (sql) => {
      await ask({ op: 'exec', sql })
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
      const tx = new WorkerTransaction()
      // Sent with the transaction's first statement.
      const done = ask({ op: 'begin', tx: tx.tx, readOnly: txOptions.readOnly === true }, { later: true })
      let result: T
      try {
        result = await fn(tx)
      } catch (error) {
        tell({ op: 'tx.end', tx: tx.tx, ok: false }, true)
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
      tell({ op: 'tx.end', tx: tx.tx, ok: true }, true)
      await done
      return result
    },
    // Embedded: the subscription cannot be lost while the database is open (see ListenOptions).
    async listen(channel, handler) {
      const listener = nextListener++
      listeners.set(listener, handler)
      try {
        await ask({ op: 'listen', channel, listener })
      } catch (error) {
        listeners.delete(listener)
        throw error
      }
      return async () => {
        listeners.delete(listener)
        await ask({ op: 'unlisten', listener })
      }
    },
    async close() {
      if (stopped) return
      stopped = true
      try {
        await ask({ op: 'close' })
      } finally {
        ended ??= new Error('the database is closed')
        await worker.terminate()
      }
    },
    dumpDataDir: async () => new Blob([await ask<ArrayBuffer>({ op: 'dump' })]),
  }
}
