import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openPglite } from './pglite.ts'
import { renewDatabase } from './renewal.ts'

// Each test starts PostgreSQL in WebAssembly, and the first a second Node process running initdb:
// on a busy machine (2 cores shared) that took more than the default 30 s.
describe('what the embedded database reserves (decision 032)', { timeout: 120_000 }, () => {
  it('creates a new data folder in a child process, then opens it with the shared buffers asked for', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-pglite-'))
    try {
      const db = await openPglite(dir)
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true)
      expect((await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers).toBe(
        '8MB',
      )
      await db.exec('create table kept (n int); insert into kept values (7)')
      await db.close()

      // Reopened (no second initdb) with another setting: the data is there, the setting applies.
      const again = await openPglite(dir, { memory: { sharedBuffersMb: 16 } })
      expect((await again.query<{ n: number }>('select n from kept')).rows).toEqual([{ n: 7 }])
      expect(
        (await again.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers,
      ).toBe('16MB')
      await again.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('reopens the same folder after a first start when nothing listens (decision 076)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'genesis-pglite-'))
    const db = await openPglite(dir, { worker: false })
    try {
      await db.exec('create table kept (n int); insert into kept values (1)')
      // A prepared statement of the closed instance is prepared again on the new one.
      await db.transaction(async (tx) => tx.query('select n from kept where n = $1', [1], { last: true }))
      const started = (await db.query<{ at: string }>('select pg_postmaster_start_time()::text as at'))
        .rows[0].at
      expect(await renewDatabase(db)).toBe(true)
      const again = (await db.query<{ at: string }>('select pg_postmaster_start_time()::text as at')).rows[0]
        .at
      expect(again).not.toBe(started)
      const read = await db.transaction(async (tx) =>
        tx.query<{ n: number }>('select n from kept where n = $1', [1], { last: true }),
      )
      expect(read.rows).toEqual([{ n: 1 }])
      const unlisten = await db.listen('news', () => undefined)
      await expect(renewDatabase(db)).rejects.toThrow(/only while nothing listens/)
      await unlisten()
    } finally {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    }
    const memory = await openPglite(undefined, { worker: false })
    expect(await renewDatabase(memory)).toBe(false)
    await memory.close()
  })

  it('in memory, without a folder, uses the same default', async () => {
    const db = await openPglite()
    expect((await db.query<{ shared_buffers: string }>('show shared_buffers')).rows[0].shared_buffers).toBe(
      '8MB',
    )
    await db.close()
  })
})

describe('a transaction that fails on PGlite', { timeout: 120_000 }, () => {
  it('reports the error its work raised, even when the rollback after it fails as well', async () => {
    // Reaches into the in-thread driver's transaction (its PGlite), so always in this thread.
    const db = await openPglite(undefined, { worker: false })
    try {
      await db.exec('create table kept (n int primary key)')
      // The work writes, then the database is closed under it: the rollback cannot run.
      const failing = db.transaction(async (tx) => {
        await tx.query('insert into kept values (1)')
        await (tx as unknown as { pg: { close(): Promise<void> } }).pg.close()
        throw new Error('the work failed first')
      })
      await expect(failing).rejects.toThrow('the work failed first')
    } finally {
      await db.close().catch(() => undefined)
    }
  })

  it('a statement that fails reports its own error and leaves nothing written', async () => {
    const db = await openPglite()
    try {
      await db.exec('create table kept (n int primary key); insert into kept values (1)')
      const failing = db.transaction(async (tx) => {
        await tx.query('insert into kept values ($1)', [2])
        await tx.query('insert into kept values ($1)', [1])
      })
      await expect(failing).rejects.toThrow(/duplicate key/)
      expect((await db.query<{ n: number }>('select n from kept order by n')).rows).toEqual([{ n: 1 }])
    } finally {
      await db.close()
    }
  })
})
