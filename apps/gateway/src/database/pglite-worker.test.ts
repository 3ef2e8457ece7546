import { describe, expect, it } from 'vitest'
import { openPglite } from './pglite.ts'

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
})
