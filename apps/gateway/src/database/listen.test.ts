import { connect, createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, drivers, type TestDatabase } from '../../test/support/database.ts'
import { openPostgres } from './postgres.ts'

const CHANNEL = 'listen_test'

async function waitUntil(what: string, check: () => boolean, timeoutMs = 5000) {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe.each(drivers)('Database.listen (%s)', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('delivers notifications until stopped, and stopping is not reported as a loss', async () => {
    const received: string[] = []
    const lost: Error[] = []
    const unlisten = await db.listen(CHANNEL, (payload) => received.push(payload), {
      onLost: (error) => lost.push(error),
    })
    await db.query(`select pg_notify('${CHANNEL}', 'one')`)
    await waitUntil('the notification', () => received.length === 1)
    await unlisten()
    await db.query(`select pg_notify('${CHANNEL}', 'two')`)
    // A notification round trip on a second subscription proves the first one would have had it.
    const probe: string[] = []
    const unprobe = await db.listen(CHANNEL, (payload) => probe.push(payload))
    await db.query(`select pg_notify('${CHANNEL}', 'three')`)
    await waitUntil('the probe', () => probe.includes('three'))
    await unprobe()
    expect(received).toEqual(['one'])
    expect(lost).toEqual([])
  })
})

/**
 * A loopback TCP proxy to PostgreSQL whose open connections can go silent, as after a network
 * cut: nothing flows and nothing closes. Connections opened later work.
 */
async function silenceableProxy(target: URL) {
  const pairs: [Socket, Socket][] = []
  const silenced: Socket[] = []
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname)
    client.pipe(upstream)
    upstream.pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
    pairs.push([client, upstream])
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the proxy has no port')
  return {
    port: address.port,
    silence() {
      for (const [client, upstream] of pairs.splice(0)) {
        client.unpipe(upstream)
        upstream.unpipe(client)
        client.pause()
        upstream.pause()
        silenced.push(client, upstream)
      }
    },
    async close() {
      for (const socket of [...silenced, ...pairs.flat()]) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe.each(drivers.filter((d) => d === 'postgres'))('Database.listen, connection lost (%s)', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  /** Ends the backend that listens on `channel` in this test's database, as an operator or a restart would. */
  const terminateListener = async (channel: string) => {
    const { rows } = await db.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and application_name = $1`,
      [`genesis-listen:${channel}`],
    )
    return rows.filter((r) => r.ended).length
  }

  it('reports a terminated connection once to every subscriber; listening again opens a new connection', async () => {
    const lostA: Error[] = []
    const lostB: Error[] = []
    const received: string[] = []
    await db.listen(CHANNEL, () => undefined, { onLost: (error) => lostA.push(error) })
    const stopB = await db.listen(CHANNEL, (payload) => received.push(payload), {
      onLost: (error) => lostB.push(error),
    })
    // Both subscriptions share one named connection.
    expect(await terminateListener(CHANNEL)).toBe(1)
    await waitUntil('both losses', () => lostA.length > 0 && lostB.length > 0)
    expect(lostA).toHaveLength(1)
    expect(lostB).toHaveLength(1)
    expect(lostB[0].message).toMatch(/terminat/)
    // The lost subscription hears nothing more, and its stop function is harmless.
    await stopB()

    const lostAgain: Error[] = []
    const again: string[] = []
    const stop = await db.listen(CHANNEL, (payload) => again.push(payload), {
      onLost: (error) => lostAgain.push(error),
    })
    await db.query(`select pg_notify('${CHANNEL}', 'after')`)
    await waitUntil('the notification on the new connection', () => again.includes('after'))
    expect(received).toEqual([])
    await stop()
    expect(lostAgain).toEqual([])
    // Stopped: the named connection is closed, not handed back to the pool with its LISTEN.
    let left = -1
    for (let i = 0; i < 100 && left !== 0; i++) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`,
        [`genesis-listen:${CHANNEL}`],
      )
      left = rows[0].n
      if (left !== 0) await new Promise((r) => setTimeout(r, 20))
    }
    expect(left).toBe(0)
  })

  it('drops a LISTEN connection that stops answering (network cut) and reports it; listening again works', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '')
    const proxy = await silenceableProxy(url)
    const proxied = new URL(url)
    proxied.host = `127.0.0.1:${proxy.port}`
    // The test's own database, so that its notifications reach the listener.
    const { rows } = await db.query<{ name: string }>('select current_database() as name')
    proxied.pathname = `/${rows[0].name}`
    const cut = await openPostgres(proxied.toString(), 2, {
      listenerHeartbeatMs: 50,
      listenerHeartbeatTimeoutMs: 300,
    })
    try {
      const lost: Error[] = []
      await cut.listen(CHANNEL, () => undefined, { onLost: (error) => lost.push(error) })
      proxy.silence()
      await waitUntil('the heartbeat to give up', () => lost.length > 0)
      expect(lost).toHaveLength(1)
      expect(lost[0].message).toBe('the LISTEN connection did not answer within 300 ms')

      // The pool's idle connection is silenced too: an attempt on it fails in time, the next works.
      const received: string[] = []
      let stop: (() => Promise<void>) | undefined
      for (let attempt = 0; attempt < 3 && !stop; attempt++) {
        stop = await cut.listen(CHANNEL, (payload) => received.push(payload)).catch(() => undefined)
      }
      expect(stop).toBeDefined()
      await db.query(`select pg_notify('${CHANNEL}', 'through the new connection')`)
      await waitUntil('the notification', () => received.length > 0)
      expect(received).toEqual(['through the new connection'])
      await stop?.()
    } finally {
      await proxy.close()
      await cut.close().catch(() => undefined)
    }
  })
})
