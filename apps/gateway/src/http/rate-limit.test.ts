import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, drivers, type TestDatabase } from '../../test/support/database.ts'
import { RateCounters, RateLimiter } from './rate-limit.ts'

describe.each(drivers)('rate limits counted in the database (%s)', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('allows the limit within a window, then refuses with the seconds left in it', async () => {
    const limiter = new RateLimiter({ db, name: 'test.limit', limit: 2, windowSeconds: 300 })
    expect(await limiter.hit('ip:192.0.2.1')).toMatchObject({ allowed: true, remaining: 1 })
    expect(await limiter.hit('ip:192.0.2.1')).toMatchObject({ allowed: true, remaining: 0 })
    const refused = await limiter.hit('ip:192.0.2.1')
    expect(refused.allowed).toBe(false)
    expect(refused.retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(300)
    // Another key, and the same key under another limit's name, count on their own.
    expect(await limiter.hit('ip:192.0.2.2')).toMatchObject({ allowed: true, remaining: 1 })
    const other = new RateLimiter({ db, name: 'test.other', limit: 2, windowSeconds: 300 })
    expect(await other.hit('ip:192.0.2.1')).toMatchObject({ allowed: true, remaining: 1 })
  })

  it('refuses when any one of several keys is over, counting each once', async () => {
    const limiter = new RateLimiter({ db, name: 'test.pair', limit: 1, windowSeconds: 60 })
    expect((await limiter.hit('ip:a', 'subject:x')).allowed).toBe(true)
    // A new address, the same subject: the subject is over its limit.
    expect((await limiter.hit('ip:b', 'subject:x')).allowed).toBe(false)
    // The same key twice in one hit counts once.
    expect((await limiter.hit('ip:c', 'ip:c')).allowed).toBe(true)
  })

  it('starts an expired window again in place, from one', async () => {
    const counters = new RateCounters(db)
    await counters.add(['test:expiring'], 60)
    await counters.add(['test:expiring'], 60)
    // The window ended (as if 60 s had passed): the row is still there until the sweep.
    await db.query(
      `update private.rate_limit_counters set expires_at = now() - interval '1 second' where key = 'test:expiring'`,
    )
    expect((await counters.peek(['test:expiring'])).size).toBe(0)
    const again = await counters.add(['test:expiring'], 60)
    expect(again.get('test:expiring')).toMatchObject({ count: 1 })
    const { rows } = await db.query(
      `select count from private.rate_limit_counters where key = 'test:expiring'`,
    )
    expect(rows).toEqual([{ count: 1 }])
  })

  it('forgets a key on reset', async () => {
    const counters = new RateCounters(db)
    await counters.add(['test:reset'], 60)
    await counters.reset(['test:reset'])
    expect((await counters.add(['test:reset'], 60)).get('test:reset')?.count).toBe(1)
  })
})
