import pino, { type Logger } from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import type { Database, ListenOptions } from '../../src/database/types.ts'
import { type Change, ChangeFeed } from '../../src/services/realtime/change-feed.ts'
import { MessageFeed } from '../../src/services/realtime/message-feed.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { TEST_JWT_SECRET } from '../support/gateway.ts'
import { type ListeningGateway, startListeningGateway } from '../support/listening-gateway.ts'
import { type Aal, DEMO, signToken, userClaims } from '../support/tokens.ts'
import { subscribed, waitFor, watchChanges } from './realtime-helpers.ts'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const LogRecord = z.looseObject({ level: z.number(), msg: z.string() })
type LogRecord = z.infer<typeof LogRecord>

/** A pino logger that keeps what it writes. Levels: 20 debug, 30 info, 40 warn, 50 error. */
function recordingLogger(): { logger: Logger; records: LogRecord[]; at: (level: number) => LogRecord[] } {
  const records: LogRecord[] = []
  const logger = pino(
    { level: 'debug' },
    { write: (line: string) => void records.push(LogRecord.parse(JSON.parse(line))) },
  )
  return { logger, records, at: (level) => records.filter((r) => r.level === level) }
}

/**
 * The test database, with a LISTEN connection the test can lose on purpose (as a server restart
 * would) and refuse to re-open a number of times.
 */
function losable(db: Database) {
  const live = new Set<{ unlisten: () => Promise<void>; onLost: ListenOptions['onLost'] }>()
  const state: {
    listenCalls: number
    refuse: number
    /** Runs once LISTEN is active, before the caller hears back (and so before any catch-up). */
    afterListen?: () => Promise<unknown>
    /** The loss callbacks `lose` called, oldest first (to report a loss again, late). */
    reported: NonNullable<ListenOptions['onLost']>[]
  } = { listenCalls: 0, refuse: 0, reported: [] }
  const wrapped: Database = {
    kind: db.kind,
    query: (sql, params, options) => db.query(sql, params, options),
    exec: (sql) => db.exec(sql),
    transaction: (fn, options) => db.transaction(fn, options),
    close: () => db.close(),
    async listen(channel, handler, options = {}) {
      state.listenCalls += 1
      if (state.refuse > 0) {
        state.refuse -= 1
        throw new Error('connection refused (simulated)')
      }
      const unlisten = await db.listen(channel, handler)
      const subscription = { unlisten, onLost: options.onLost }
      live.add(subscription)
      await state.afterListen?.()
      return async () => {
        if (live.delete(subscription)) await unlisten()
      }
    },
  }
  return {
    db: wrapped,
    state,
    /** Drops every subscription (no notification reaches it any more), then reports the loss. */
    async lose() {
      for (const subscription of [...live]) {
        live.delete(subscription)
        await subscription.unlisten()
        if (subscription.onLost) state.reported.push(subscription.onLost)
        subscription.onLost?.(new Error('connection lost (simulated)'))
      }
    },
  }
}

describe.each(drivers)('the change feed after a lost LISTEN connection (%s)', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  const insertUnit = (unit: string) =>
    db.query('insert into public.vacant_shops (unit_number, size_m2) values ($1, 10)', [unit])
  const collector = () => {
    const changes: Change[] = []
    const units = () => changes.map((c) => String(c.record?.unit_number))
    return { changes, units, onChanges: async (batch: Change[]) => void changes.push(...batch) }
  }

  it('catches up what was committed while deaf, once, in id order, and later changes keep arriving', async () => {
    const l = losable(db)
    const log = recordingLogger()
    const out = collector()
    await insertUnit('A-0')
    const feed = new ChangeFeed(l.db, log.logger, out.onChanges, { retryDelaysMs: [1000] })
    await feed.start()
    // Its baseline (what existed when it first listened) is recorded.
    await feed.idle()
    await insertUnit('A-1')
    await waitFor('A-1', () => out.units().includes('A-1'))

    await l.lose()
    expect(feed.deaf).toBe(true)
    await insertUnit('A-2')
    await insertUnit('A-3')
    // Still deaf when both committed: no notification can have carried them.
    expect(l.state.listenCalls).toBe(1)
    await waitFor('the catch-up', () => out.units().includes('A-3'))
    await insertUnit('A-4')
    await waitFor('A-4', () => out.units().includes('A-4'))
    await feed.idle()

    // A-0 predates the feed (its baseline): never caught up. Nothing twice.
    expect(out.units()).toEqual(['A-1', 'A-2', 'A-3', 'A-4'])
    const ids = out.changes.map((c) => c.id)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    expect(l.state.listenCalls).toBe(2)
    expect(feed.deaf).toBe(false)
    expect(log.at(40).map((r) => r.msg)).toEqual([
      'realtime: lost the connection listening for row changes; listening again, then catching up',
    ])
    expect(log.at(30)).toEqual([
      expect.objectContaining({ caughtUp: 2, msg: expect.stringMatching(/caught up$/) }),
    ])
    expect(log.at(50)).toEqual([])
    await feed.stop()
  })

  it('hands on once a change committed after the new LISTEN but before the catch-up read it', async () => {
    const l = losable(db)
    const log = recordingLogger()
    const out = collector()
    const feed = new ChangeFeed(l.db, log.logger, out.onChanges, { retryDelaysMs: [200] })
    await feed.start()
    await feed.idle()
    await l.lose()
    await insertUnit('E-1')
    // Notified on the new connection and visible to the catch-up as well.
    l.state.afterListen = () => insertUnit('E-2')
    await waitFor('E-2', () => out.units().includes('E-2'))
    l.state.afterListen = undefined
    await insertUnit('E-3')
    await waitFor('E-3', () => out.units().includes('E-3'))
    await feed.idle()
    expect(out.units()).toEqual(['E-1', 'E-2', 'E-3'])
    await feed.stop()
  })

  it('keeps retrying with backoff while listening fails, warns once, and stop() cancels the retries', async () => {
    const l = losable(db)
    const log = recordingLogger()
    const out = collector()
    const retryDelaysMs = [20, 40]
    const feed = new ChangeFeed(l.db, log.logger, out.onChanges, { retryDelaysMs })
    await feed.start()
    await feed.idle()

    l.state.refuse = 3
    await l.lose()
    await insertUnit('B-1')
    await waitFor('B-1 after three refused attempts', () => out.units().includes('B-1'))
    expect(l.state.listenCalls).toBe(5)
    expect(log.at(40)).toHaveLength(1)
    expect(log.at(20).filter((r) => r.msg === 'realtime: listening again failed')).toHaveLength(3)

    l.state.refuse = Number.MAX_SAFE_INTEGER
    await l.lose()
    await waitFor('a few refused attempts', () => l.state.listenCalls >= 8)
    await feed.stop()
    const attempts = l.state.listenCalls
    // Nothing can announce a retry that does not happen: wait five times the longest retry delay,
    // by which any retry still scheduled would have run.
    await sleep(5 * Math.max(...retryDelaysMs))
    expect(l.state.listenCalls).toBe(attempts)
  })

  it('reports a change pruned before the catch-up as lost, with the gap, and never delivers it', async () => {
    const l = losable(db)
    const log = recordingLogger()
    const out = collector()
    const feed = new ChangeFeed(l.db, log.logger, out.onChanges, { keepMs: 200, retryDelaysMs: [1000] })
    await feed.start()
    await feed.idle()
    await insertUnit('C-1')
    await waitFor('C-1', () => out.units().includes('C-1'))

    await l.lose()
    await insertUnit('C-2')
    // Let C-2 age past the 200 ms keep window, so the prune below removes it.
    await sleep(250)
    // Another gateway process prunes while this one is deaf.
    await db.query(`select realtime.prune_changes(interval '200 milliseconds')`)
    const [error] = await waitFor('the error', () => log.at(50).length > 0 && log.at(50))
    await insertUnit('C-3')
    await waitFor('C-3', () => out.units().includes('C-3'))
    await feed.idle()

    expect(out.units()).toEqual(['C-1', 'C-3'])
    expect(error.msg).toMatch(/deaf for longer than changes are kept/)
    expect(error).toMatchObject({ lastHandedOnId: out.changes[0].id, keepMs: 200, caughtUp: 0 })
    expect(Date.parse(String(error.lostFrom))).toBeLessThan(Date.parse(String(error.lostUntil)))
    expect(log.at(30)).toEqual([])
    await feed.stop()
  })
})

describe.each(drivers)(
  'database broadcasts (realtime.send) after a lost LISTEN connection (%s)',
  (driver) => {
    let db: TestDatabase
    beforeAll(async () => {
      db = await createTestDatabase(driver)
    })
    afterAll(async () => {
      await db?.close()
    })

    const send = (event: string) => db.query(`select realtime.send('{}'::jsonb, $1, 'room:lost')`, [event])

    it('delivers what was sent while deaf once and in order, and ignores a late loss report of the old subscription', async () => {
      const l = losable(db)
      const log = recordingLogger()
      const got: string[] = []
      const feed = new MessageFeed(l.db, log.logger, (message) => got.push(message.event), {
        retryDelaysMs: [20],
      })
      await feed.start()
      try {
        await send('before')
        await waitFor('the message sent before the loss', () => got.includes('before'))

        l.state.refuse = 1
        await l.lose()
        await send('while deaf')
        await waitFor('the message sent while deaf', () => got.includes('while deaf'))
        await send('after')
        await waitFor('the message sent after', () => got.includes('after'))
        expect(got).toEqual(['before', 'while deaf', 'after'])
        expect(l.state.listenCalls).toBe(3)
        expect(log.at(40).map((r) => r.msg)).toEqual([
          'realtime: lost the connection listening for database broadcasts',
        ])
        expect(
          log.at(20).filter((r) => r.msg === 'realtime: listening for database broadcasts again failed'),
        ).toHaveLength(1)

        // The old subscription reports its loss again, late (a dying connection can report both an
        // error and its end): the feed ignores it at once, no warning and no new LISTEN, and the
        // current subscription keeps delivering.
        expect(l.state.reported).toHaveLength(1)
        l.state.reported[0](new Error('connection lost (reported late)'))
        expect(log.at(40)).toHaveLength(1)
        await send('later still')
        await waitFor('the message sent after the late report', () => got.includes('later still'))
        expect(got).toEqual(['before', 'while deaf', 'after', 'later still'])
        expect(l.state.listenCalls).toBe(3)
      } finally {
        await feed.stop()
      }
    })
  },
)

describe.each(drivers.filter((d) => d === 'postgres'))(
  'the change feed and overlapping transactions (%s)',
  (driver) => {
    let db: TestDatabase
    beforeAll(async () => {
      db = await createTestDatabase(driver)
    })
    afterAll(async () => {
      await db?.close()
    })

    it('catches up a transaction that took a lower id than a change already delivered and committed while deaf', async () => {
      const l = losable(db)
      const log = recordingLogger()
      const changes: Change[] = []
      const feed = new ChangeFeed(l.db, log.logger, async (batch) => void changes.push(...batch), {
        retryDelaysMs: [1000],
      })
      await feed.start()
      await feed.idle()
      const units = () => changes.map((c) => String(c.record?.unit_number))

      const inserted = Promise.withResolvers<void>()
      const commit = Promise.withResolvers<void>()
      const open = db.transaction(async (tx) => {
        await tx.query(`insert into public.vacant_shops (unit_number, size_m2) values ('D-low', 10)`)
        inserted.resolve()
        await commit.promise
      })
      await inserted.promise
      await db.query(`insert into public.vacant_shops (unit_number, size_m2) values ('D-high', 10)`)
      await waitFor('D-high', () => units().includes('D-high'))

      await l.lose()
      commit.resolve()
      await open
      expect(l.state.listenCalls).toBe(1)
      await waitFor('D-low, caught up', () => units().includes('D-low'))
      await feed.idle()

      expect(units()).toEqual(['D-high', 'D-low'])
      expect(changes[1].id).toBeLessThan(changes[0].id)
      await feed.stop()
    })
  },
)

const token = (user: (typeof DEMO)[keyof typeof DEMO], options: { aal?: Aal } = {}) =>
  signToken(userClaims(user, options), TEST_JWT_SECRET)

describe.each(drivers.filter((d) => d === 'postgres'))(
  'realtime after the LISTEN backend is killed (%s)',
  (driver) => {
    let gw: ListeningGateway
    let period = 0

    beforeAll(async () => {
      gw = await startListeningGateway(driver, { seed: true })
    })
    afterAll(async () => {
      vi.restoreAllMocks()
      await gw?.close()
    })

    /** Issued statements in months no seed row uses, in one transaction; their ids in order. */
    const insertStatements = (tenantIds: string[]) =>
      asCaller(gw.db, SERVICE_ROLE, async (tx) => {
        const ids: string[] = []
        for (const tenantId of tenantIds) {
          period += 1
          const { rows } = await tx.query<{ id: string }>(
            `insert into public.rental_statements (tenant_id, period, amount_due, status)
             values ($1, $2, 1200, 'issued') returning id`,
            [tenantId, `${2050 + Math.floor(period / 12)}-${String((period % 12) + 1).padStart(2, '0')}-01`],
          )
          ids.push(String(rows[0].id))
        }
        return ids
      })
    const insertStatement = async (tenantId: string) => (await insertStatements([tenantId]))[0]
    /** As an operator would: the superuser ends the backend that LISTENs for this gateway. */
    const killListener = async () => {
      // The terminate call sits in the select list: in the WHERE clause PostgreSQL may evaluate it
      // before the other conditions and end every other LISTEN connection of the gateway too.
      const { rows } = await gw.db.query<{ pid: number }>(
        `select pid, pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and application_name = 'genesis-listen:realtime_changes'
         and query ilike 'listen%'`,
      )
      return rows.length
    }

    it('delivers a row inserted while the listener was down exactly once, withholds what RLS hides, and keeps going', async () => {
      const warn = vi.spyOn(gw.deps.logger, 'warn')
      const info = vi.spyOn(gw.deps.logger, 'info')
      const tenantA = await gw.socketClient({ accessToken: await token(DEMO.tenantA) })
      const admin = await gw.socketClient({ accessToken: await token(DEMO.admin, { aal: 'aal2' }) })
      const mine = watchChanges(tenantA, 'tenant-a-statements', {
        event: '*',
        schema: 'public',
        table: 'rental_statements',
      })
      const all = watchChanges(admin, 'all-statements', {
        event: 'INSERT',
        schema: 'public',
        table: 'rental_statements',
      })
      await subscribed(mine.channel)
      await subscribed(all.channel)

      const first = await insertStatement(DEMO.tenantA.tenantId)
      await waitFor('the first statement', () => mine.events.find((e) => e.new.id === first))

      expect(await killListener()).toBe(1)
      await waitFor('the gateway to notice', () => warn.mock.calls.length > 0)
      // One transaction, well inside the half second before the gateway listens again.
      const [ofB, missed] = await insertStatements([DEMO.tenantB.tenantId, DEMO.tenantA.tenantId])
      const { rows } = await gw.db.query<{ now: string }>('select clock_timestamp()::text as now')
      const committedBy = rows[0].now

      await waitFor('the statement committed while deaf', () => mine.events.find((e) => e.new.id === missed))
      await waitFor('B’s statement, for the admin', () => all.events.find((e) => e.new.id === ofB))
      // The new LISTEN started after both commits: they came from the catch-up, not a notification.
      const listening = await gw.db.query<{ started_after: boolean }>(
        `select query_start > $1::timestamptz as started_after from pg_stat_activity
       where datname = current_database() and application_name = 'genesis-listen:realtime_changes'
         and query ilike 'listen%'`,
        [committedBy],
      )
      expect(listening.rows).toEqual([{ started_after: true }])
      expect(info.mock.calls.some(([fields]) => JSON.stringify(fields).includes('"caughtUp":2'))).toBe(true)

      const later = await insertStatement(DEMO.tenantA.tenantId)
      await waitFor('a later statement', () => mine.events.find((e) => e.new.id === later))
      await waitFor('the admin’s later statement', () => all.events.find((e) => e.new.id === later))
      await gw.db.query('select 1')
      expect(mine.events.map((e) => e.new.id)).toEqual([first, missed, later])
      expect(all.events.map((e) => e.new.id)).toEqual([first, ofB, missed, later])
      expect(JSON.stringify(mine.events)).not.toContain(DEMO.tenantB.tenantId)
      expect(warn).toHaveBeenCalledTimes(1)
      await tenantA.removeAllChannels()
      await admin.removeAllChannels()
    })
  },
)
