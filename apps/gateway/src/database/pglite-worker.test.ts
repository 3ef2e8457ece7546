import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { isDatabaseUnavailable } from '../http/service-error.ts'
import { openPglite } from './pglite.ts'
import { openPgliteInWorker, pgliteThreadOf, type ThreadEvent } from './pglite-worker.ts'
import { pgliteWorkerFor } from './pglite-worker-setting.ts'
import { renewDatabase } from './renewal.ts'

/**
 * PGlite in a worker thread (decision 071): what crosses the thread boundary. The other database
 * tests run against it with PGLITE_WORKER=true; these always open the worker.
 */
describe('PGlite in a worker thread', { timeout: 120_000 }, () => {
  it('answers statements, keeps a transaction serialised, and sends a PostgreSQL error with its fields', async () => {
    const db = await openPglite(undefined, { worker: true })
    try {
      await db.exec('create table kept (n int primary key, note text)')
      expect((await db.query('insert into kept values ($1, $2)', [1, 'one'])).affectedRows).toBe(1)
      // Two transactions asked at once: the second's statements run after the first has ended.
      const seen: string[] = []
      await Promise.all([
        db.transaction(async (tx) => {
          await tx.query('insert into kept values (2, $1)', ['two'])
          seen.push('first wrote')
          await new Promise((r) => setTimeout(r, 50))
          seen.push('first ends')
        }),
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from kept')
          seen.push(`second counted ${rows[0].n}`)
        }),
      ])
      expect(seen).toEqual(['first wrote', 'first ends', 'second counted 2'])
      const error = await db.query('insert into kept values (1, null)').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(Error)
      expect(error).toMatchObject({ code: '23505', constraint: 'kept_pkey' })
    } finally {
      await db.close()
    }
  })

  it('runs a read as one call (scope deferred, statement last) and rolls back when the work throws', async () => {
    const db = await openPglite(undefined, { worker: true })
    try {
      await db.exec('create table kept (n int); insert into kept values (1)')
      const rows = await db.transaction(
        async (tx) => {
          tx.defer?.("select set_config('request.path', $1, true)", ['/x'])
          return (
            await tx.query<{ n: number; p: string }>(
              "select n, current_setting('request.path') as p from kept",
              [],
              { last: true },
            )
          ).rows
        },
        { readOnly: true },
      )
      expect(rows).toEqual([{ n: 1, p: '/x' }])
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into kept values (2)')
          throw new Error('the work failed')
        }),
      ).rejects.toThrow('the work failed')
      // A failed statement whose error was caught: the commit is a rollback, and says so.
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into kept values (3)')
          await tx.query('select 1/0').catch(() => undefined)
        }),
      ).rejects.toMatchObject({ code: '25P02' })
      expect((await db.query('select n from kept order by n')).rows).toEqual([{ n: 1 }])
    } finally {
      await db.close()
    }
  })

  it('delivers notifications, dumps a data folder another instance loads, and refuses calls after close', async () => {
    const db = await openPglite(undefined, { worker: true })
    await db.exec('create table kept (n int); insert into kept values (7)')
    const heard: string[] = []
    const stop = await db.listen('news', (payload) => heard.push(payload))
    await db.query("select pg_notify('news', 'hello')")
    await new Promise((r) => setTimeout(r, 50))
    await stop()
    await db.query("select pg_notify('news', 'unheard')")
    await new Promise((r) => setTimeout(r, 50))
    expect(heard).toEqual(['hello'])
    const dump = await db.dumpDataDir()
    await db.close()
    await expect(db.query('select 1')).rejects.toThrow()
    const copy = await openPglite(undefined, { worker: true, loadDataDir: dump })
    try {
      expect((await copy.query('select n from kept')).rows).toEqual([{ n: 7 }])
    } finally {
      await copy.close()
    }
  })

  it('restarts a thread that ended unasked on the same folder: committed rows kept, the open transaction failed, listeners told', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-pglite-thread-'))
    const events: ThreadEvent[] = []
    const db = await openPgliteInWorker(dir, { onThreadEvent: (event) => events.push(event) })
    try {
      await db.exec('create table kept (n int primary key)')
      await db.query('insert into kept values (1)')
      await db.transaction(async (tx) => {
        await tx.query('insert into kept values (2)')
        await tx.query('insert into kept values (3)')
      })
      const lost: Error[] = []
      await db.listen('news', () => undefined, { onLost: (error) => lost.push(error) })
      const heard: string[] = []
      await db.listen('news', (payload) => heard.push(payload))

      // The thread ends (as a crash would) inside a transaction that has written but not committed.
      const open = db.transaction(async (tx) => {
        await tx.query('insert into kept values (4)')
        await pgliteThreadOf(db)?.terminate()
        await tx.query('insert into kept values (5)')
      })
      const inFlight = await open.catch((error: unknown) => error)
      expect(inFlight).toMatchObject({ code: '08007' })
      expect(isDatabaseUnavailable(inFlight)).toBe(true)
      expect(events[0]).toMatchObject({ type: 'lost', restarting: true })
      expect(lost).toHaveLength(1)
      // While the new thread opens, calls fail at once (so /health/ready answers 503).
      const meanwhile = await db.query('select 1').catch((error: unknown) => error)
      expect(meanwhile).toMatchObject({ code: '57P03' })
      expect(isDatabaseUnavailable(meanwhile)).toBe(true)

      await vi.waitFor(() => expect(events.at(-1)?.type).toBe('restarted'), {
        timeout: 90_000,
        interval: 100,
      })
      expect((await db.query('select n from kept order by n')).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
      await db.query('insert into kept values (6)')
      // A listener without onLost listens again on the new thread.
      await db.query("select pg_notify('news', 'again')")
      await vi.waitFor(() => expect(heard).toEqual(['again']))

      // A second loss within the restart window: no thread any more.
      await pgliteThreadOf(db)?.terminate()
      expect(events.slice(-2).map((e) => e.type)).toEqual(['lost', 'failed'])
      expect(events.at(-2)).toMatchObject({ restarting: false })
      await expect(db.query('select 1')).rejects.toMatchObject({ code: '57P03' })
    } finally {
      await db.close()
    }
    // What was committed is in the folder for the next start.
    const again = await openPglite(join(dir), { worker: true })
    try {
      expect((await again.query('select n from kept order by n')).rows).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
        { n: 6 },
      ])
    } finally {
      await again.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('renews its thread on the same folder when nothing uses it: a new thread, the rows kept, no loss reported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-pglite-thread-'))
    const events: ThreadEvent[] = []
    const db = await openPgliteInWorker(dir, { onThreadEvent: (event) => events.push(event) })
    try {
      await db.exec('create table kept (n int primary key)')
      await db.query('insert into kept values (1)')
      const first = pgliteThreadOf(db)
      expect(await renewDatabase(db)).toBe(true)
      expect(pgliteThreadOf(db)).not.toBe(first)
      expect(first?.threadId).toBe(-1) // ended
      expect(events).toEqual([])
      expect((await db.query('select n from kept')).rows).toEqual([{ n: 1 }])
      await db.query('insert into kept values (2)')

      // Not while something uses the database: a call under way, or a listener.
      const running = db.query('select pg_sleep(0.2)')
      await expect(renewDatabase(db)).rejects.toThrow(/only while nothing uses the database/)
      await running
      const unlisten = await db.listen('news', () => undefined)
      await expect(renewDatabase(db)).rejects.toThrow(/only while nothing uses the database/)
      await unlisten()
      expect((await db.query('select count(*)::int as n from kept')).rows).toEqual([{ n: 2 }])
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
    // Nothing to renew: in memory, or not a PGlite thread.
    const memory = await openPgliteInWorker(undefined)
    try {
      expect(await renewDatabase(memory)).toBe(false)
    } finally {
      await memory.close()
    }
    expect(await renewDatabase({})).toBe(false)
  })

  it('gives up at once on a database without a folder (nothing to reopen)', async () => {
    const events: ThreadEvent[] = []
    const db = await openPgliteInWorker(undefined, { onThreadEvent: (event) => events.push(event) })
    await pgliteThreadOf(db)?.terminate()
    expect(events.map((e) => e.type)).toEqual(['lost', 'failed'])
    await expect(db.query('select 1')).rejects.toMatchObject({ code: '57P03' })
    await db.close()
  })

  it('PGLITE_WORKER=auto, the default, runs the worker on a machine with more than one core', () => {
    expect(pgliteWorkerFor(undefined, 2)).toBe(true)
    expect(pgliteWorkerFor(undefined, 1)).toBe(false)
    expect(pgliteWorkerFor('', 2)).toBe(true)
    expect(pgliteWorkerFor('auto', 1)).toBe(false)
    expect(pgliteWorkerFor('auto', 4)).toBe(true)
    expect(pgliteWorkerFor('false', 4)).toBe(false)
    expect(pgliteWorkerFor('true', 1)).toBe(true)
  })
})
