import { parentPort, workerData } from 'node:worker_threads'
import { openPglite, type PgliteMemorySettings } from './pglite.ts'
import type { Queryable, QueryOptions } from './types.ts'

/**
 * The worker-thread side of pglite-worker.ts (decision 071): opens PGlite here with the in-thread
 * driver (pglite.ts, its lock, one-call REST reads and prepared statements unchanged) and runs what
 * the gateway's thread asks. Every message is answered in the order the driver's lock gives.
 */

export interface ThreadData {
  dataDir?: string
  memory?: Partial<PgliteMemorySettings>
  loadDataDir?: ArrayBuffer
}

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; options?: QueryOptions }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin'; tx: number; readOnly: boolean }
  | { id: number; op: 'tx.query'; tx: number; sql: string; params: unknown[]; options?: QueryOptions }
  | { op: 'tx.defer'; tx: number; sql: string; params: unknown[] }
  | { id: number; op: 'tx.exec'; tx: number; sql: string }
  | { op: 'tx.end'; tx: number; ok: boolean }
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' }

export interface SentError {
  name: string
  message: string
  stack?: string
  /** The error's own fields (a PostgreSQL error's code, detail, constraint…, the statement). */
  fields: Record<string, unknown>
}

export type Reply =
  | { type: 'ready'; error?: SentError }
  | { type: 'reply'; id: number; value?: unknown; error?: SentError }
  | { type: 'notify'; listener: number; payload: string }

function toSent(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (key === 'name' || key === 'message' || key === 'stack') continue
    if (value === undefined || typeof value === 'function') continue
    fields[key] = value
  }
  return { name: error.name, message: error.message, stack: error.stack, fields }
}

const port = parentPort
if (!port) throw new Error('pglite-thread.ts runs as a worker thread (pglite-worker.ts)')

function send(reply: Reply, transfer?: ArrayBuffer[]) {
  try {
    port?.postMessage(reply, transfer)
  } catch (error) {
    // A value that cannot be copied (DataCloneError): the caller hears of that instead.
    if (reply.type !== 'reply') throw error
    port?.postMessage({ type: 'reply', id: reply.id, error: toSent(error) } satisfies Reply)
  }
}

const answer = (id: number, work: () => Promise<unknown>) =>
  work().then(
    (value) => send({ type: 'reply', id, value }),
    (error: unknown) => send({ type: 'reply', id, error: toSent(error) }),
  )

/** An open transaction: its Queryable once the lock is held, and how its function ends. */
interface OpenTransaction {
  ready: Promise<Queryable>
  end(ok: boolean): void
}

/** Thrown inside the worker's transaction function when the gateway's own function threw. */
class CallerFailed extends Error {}

const { dataDir, memory, loadDataDir } = workerData as ThreadData
let db: Awaited<ReturnType<typeof openPglite>>
try {
  db = await openPglite(dataDir, {
    memory,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    worker: false,
  })
} catch (error) {
  send({ type: 'ready', error: toSent(error) })
  process.exit(1)
}

const transactions = new Map<number, OpenTransaction>()
const unlisteners = new Map<number, Promise<() => Promise<void>>>()

function begin(tx: number, readOnly: boolean): Promise<unknown> {
  let resolveReady: (q: Queryable) => void = () => undefined
  let endWith: (ok: boolean) => void = () => undefined
  const ended = new Promise<boolean>((resolve) => {
    endWith = resolve
  })
  const ready = new Promise<Queryable>((resolve) => {
    resolveReady = resolve
  })
  transactions.set(tx, { ready, end: endWith })
  return db
    .transaction(
      async (q) => {
        resolveReady(q)
        if (!(await ended)) throw new CallerFailed('the transaction function failed')
      },
      { readOnly },
    )
    .finally(() => transactions.delete(tx))
}

function inTransaction(tx: number): Promise<Queryable> {
  const open = transactions.get(tx)
  if (!open) return Promise.reject(new Error('no such transaction (it has ended)'))
  return open.ready
}

/** Messages come in batches (pglite-worker.ts sends what needs no answer with the next that does). */
port.on('message', (batch: Request[]) => {
  for (const request of batch) handle(request)
})

function handle(request: Request) {
  switch (request.op) {
    case 'query':
      return answer(request.id, () => db.query(request.sql, request.params, request.options))
    case 'exec':
      return answer(request.id, () => db.exec(request.sql))
    case 'begin':
      return answer(request.id, () => begin(request.tx, request.readOnly))
    case 'tx.query':
      return answer(request.id, async () => {
        const result = await (await inTransaction(request.tx)).query(
          request.sql,
          request.params,
          request.options,
        )
        // Committed with this statement: the transaction ends here, no message from the gateway's
        // thread needed (it sends no `tx.end` after a `last` statement that succeeded).
        if (request.options?.last) transactions.get(request.tx)?.end(true)
        return result
      })
    case 'tx.exec':
      return answer(request.id, async () => (await inTransaction(request.tx)).exec(request.sql))
    case 'tx.defer':
      // Checked on the gateway's side (text parameters only), so this cannot throw there.
      inTransaction(request.tx).then(
        (q) => q.defer?.(request.sql, request.params),
        () => undefined,
      )
      return
    case 'tx.end': {
      const open = transactions.get(request.tx)
      // After the lock is taken, in order behind the transaction's statements.
      open?.ready.then(() => open.end(request.ok))
      return
    }
    case 'listen':
      return answer(request.id, async () => {
        const stop = db.listen(request.channel, (payload) =>
          send({ type: 'notify', listener: request.listener, payload }),
        )
        unlisteners.set(request.listener, stop)
        await stop
      })
    case 'unlisten':
      return answer(request.id, async () => {
        const stop = unlisteners.get(request.listener)
        unlisteners.delete(request.listener)
        if (stop) await (await stop)()
      })
    case 'dump':
      return db.dumpDataDir().then(
        async (blob) => {
          const bytes = await blob.arrayBuffer()
          send({ type: 'reply', id: request.id, value: bytes }, [bytes])
        },
        (error: unknown) => send({ type: 'reply', id: request.id, error: toSent(error) }),
      )
    case 'close':
      return answer(request.id, () => db.close())
  }
}

send({ type: 'ready' })
