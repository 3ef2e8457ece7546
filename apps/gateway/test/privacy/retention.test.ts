import type { Logger } from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.ts'
import { openPostgres } from '../../src/database/postgres.ts'
import { ANON, asCaller, SERVICE_ROLE } from '../../src/database/request-scope.ts'
import type { Database } from '../../src/database/types.ts'
import {
  type RetentionLimits,
  retentionLimits,
  runRetention,
  scheduleRetention,
} from '../../src/services/privacy/retention.ts'
import { actAs } from '../rls/act-as.ts'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'
import { asUser, DEMO } from '../support/tokens.ts'

const DAY = 86_400_000
const LIMITS: RetentionLimits = {
  enquiries: 30,
  monitoring_events: 10,
  monitoring_errors: 5,
  mail_bodies: 3,
  audit_trail: 60,
  unconfirmed_subscribers: 20,
}

/**
 * Fills every kind with `old` rows written two days ago and `fresh` rows written now. Moving the
 * clock forward by (limit − 1) days then puts exactly the old rows past their limit. Newsletter
 * sign-ups come as `old` and `fresh` unconfirmed ones, plus as many confirmed and unsubscribed ones
 * signed up two days ago, which no limit ever removes.
 */
async function fill(db: Database, old: number, fresh: number) {
  for (const [count, age] of [
    [old, '2 days'],
    [fresh, '0 days'],
  ] as const) {
    if (count === 0) continue
    const at = `now() - interval '${age}'`
    await db.exec(`
      insert into public.enquiries (kind, name, email, message, created_at)
        select 'contact', 'Person ' || g, 'person' || g || '@example.test', 'Hello', ${at} from generate_series(1, ${count}) g;
      insert into public.analytics_events (name, created_at) select 'page_view', ${at} from generate_series(1, ${count});
      insert into public.monitoring_metrics (name, value, created_at) select 'LCP', 1, ${at} from generate_series(1, ${count});
      insert into public.monitoring_actions (action, created_at) select 'click', ${at} from generate_series(1, ${count});
      insert into public.monitoring_errors (message, created_at) select 'boom', ${at} from generate_series(1, ${count});
      insert into private.mail_outbox (to_addresses, from_address, subject, text_body, html_body, transport, created_at)
        select array['person@example.test'], 'centre@example.test', 'Your link', 'secret link', '<p>secret link</p>', 'outbox', ${at}
        from generate_series(1, ${count});
      insert into public.audit_log (occurred_at, actor_role, table_name, record_id, action)
        select ${at}, 'authenticated', 'enquiries', g::text, 'insert' from generate_series(1, ${count}) g;
      insert into public.newsletter_subscribers (email, consent_text, status, consented_at)
        select 'pending-${age.replace(' ', '-')}-' || g || '@example.test', 'I agree', 'pending', ${at}
        from generate_series(1, ${count}) g;
    `)
    if (age !== '0 days') {
      await db.exec(`
        insert into public.newsletter_subscribers (email, consent_text, status, consented_at)
          select 'confirmed-' || g || '@example.test', 'I agree', 'subscribed', ${at} from generate_series(1, ${count}) g;
        insert into public.newsletter_subscribers (email, consent_text, status, consented_at, unsubscribed_at)
          select 'left-' || g || '@example.test', 'I agree', 'unsubscribed', ${at}, ${at} from generate_series(1, ${count}) g;
      `)
    }
  }
}

async function counts(db: Database) {
  const { rows } = await db.query<Record<string, number>>(`select
    (select count(*)::int from public.enquiries) as enquiries,
    (select count(*)::int from public.analytics_events) as analytics_events,
    (select count(*)::int from public.monitoring_metrics) as monitoring_metrics,
    (select count(*)::int from public.monitoring_actions) as monitoring_actions,
    (select count(*)::int from public.monitoring_errors) as monitoring_errors,
    (select count(*)::int from private.mail_outbox where text_body <> '') as mail_with_body,
    (select count(*)::int from private.mail_outbox) as mail,
    (select count(*)::int from public.audit_log) as audit_log,
    (select count(*)::int from public.newsletter_subscribers where status = 'pending') as pending,
    (select count(*)::int from public.newsletter_subscribers where status <> 'pending') as confirmed_or_left,
    (select count(*)::int from public.newsletter_consent_events where email like 'pending-%') as pending_ledger_with_address`)
  return rows[0]
}

async function empty(db: Database) {
  await db.exec(`
    delete from public.enquiries; delete from public.analytics_events; delete from public.monitoring_metrics;
    delete from public.monitoring_actions; delete from public.monitoring_errors; delete from private.mail_outbox;
    select private.forget_newsletter_address(email) from public.newsletter_subscribers;
    delete from public.newsletter_subscribers;`)
  // The audit trail can only shrink through the pruning function: everything is older than tomorrow.
  await db.query(`select private.prune_audit_log(now() + interval '1 day', 1000000)`)
}

/** One day for every kind: the two-day-old rows are past it, the fresh ones are not. */
const ONE_DAY: RetentionLimits = {
  enquiries: 1,
  monitoring_events: 1,
  monitoring_errors: 1,
  mail_bodies: 1,
  audit_trail: 1,
  unconfirmed_subscribers: 1,
}

/** The clock `days` after now. */
const movedBy = (days: number) => () => new Date(Date.now() + days * DAY)

describe.each(drivers)('retention (%s)', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })
  beforeEach(async () => {
    await empty(db)
  })

  it('keeps everything while nothing is past its limit', async () => {
    await fill(db, 4, 3)
    const before = await counts(db)
    const report = await runRetention(db, { limits: LIMITS, batchSize: 100 })
    expect(Object.values(report)).toEqual([0, 0, 0, 0, 0, 0])
    expect(await counts(db)).toEqual(before)
  })

  it("clears a newsletter message's unsubscribe link with the bodies (its body is the issue's, not copied)", async () => {
    // Outbox rows of a newsletter carry no body, only the issue and the recipient's link
    // (migration 20261130500000): an old one loses the link, a fresh one keeps it.
    await db.exec(`
      insert into private.mail_outbox
        (to_addresses, from_address, subject, text_body, html_body, category, transport, newsletter_id, unsubscribe_url, created_at)
      values
        (array['old@example.test'], 'centre@example.test', 'Issue', '', '', 'newsletter', 'smtp', gen_random_uuid(),
         'https://centre.test/u?token=old', now() - interval '2 days'),
        (array['new@example.test'], 'centre@example.test', 'Issue', '', '', 'newsletter', 'smtp', gen_random_uuid(),
         'https://centre.test/u?token=new', now())`)
    const report = await runRetention(db, {
      limits: LIMITS,
      batchSize: 100,
      now: movedBy(LIMITS.mail_bodies - 1),
    })
    expect(report.mail_bodies).toBe(1)
    const { rows } = await db.query<{ to: string; link: string | null; issue: boolean }>(
      `select to_addresses[1] as to, unsubscribe_url as link, newsletter_id is not null as issue
         from private.mail_outbox order by created_at`,
    )
    expect(rows).toEqual([
      { to: 'old@example.test', link: null, issue: true },
      { to: 'new@example.test', link: 'https://centre.test/u?token=new', issue: true },
    ])
    // Nothing left to clear: a second run removes nothing.
    expect(
      (await runRetention(db, { limits: LIMITS, batchSize: 100, now: movedBy(LIMITS.mail_bodies - 1) }))
        .mail_bodies,
    ).toBe(0)
  })

  it('removes the rows past their limit once the clock moves, and keeps the rest', async () => {
    await fill(db, 7, 3)
    // Each kind's limit minus one day: the two-day-old rows are past it, the fresh ones are not.
    for (const kind of Object.keys(LIMITS) as (keyof RetentionLimits)[]) {
      const limits = { ...LIMITS }
      for (const other of Object.keys(limits) as (keyof RetentionLimits)[])
        if (other !== kind) limits[other] = 0
      const report = await runRetention(db, { limits, batchSize: 2, now: movedBy(LIMITS[kind] - 1) })
      expect(report[kind], kind).toBe(kind === 'monitoring_events' ? 21 : 7)
    }
    expect(await counts(db)).toEqual({
      enquiries: 3,
      analytics_events: 3,
      monitoring_metrics: 3,
      monitoring_actions: 3,
      monitoring_errors: 3,
      // The envelope of a mail stays; its body is cleared.
      mail_with_body: 3,
      mail: 10,
      audit_log: 3,
      // The unconfirmed sign-ups past their limit are gone, and their ledger entries keep no address
      // (the fresh ones' do); the confirmed and unsubscribed ones, as old, are all there.
      pending: 3,
      confirmed_or_left: 14,
      pending_ledger_with_address: 3,
    })
    // A second pass finds nothing more.
    const again = await runRetention(db, { limits: LIMITS, batchSize: 2, now: movedBy(1) })
    expect(Object.values(again)).toEqual([0, 0, 0, 0, 0, 0])
  })

  it('a limit of 0 keeps that kind for ever', async () => {
    await fill(db, 2, 0)
    const report = await runRetention(db, {
      limits: { ...LIMITS, enquiries: 0 },
      batchSize: 10,
      now: movedBy(400),
    })
    expect(report.enquiries).toBe(0)
    expect(report.audit_trail).toBe(2)
    expect((await counts(db)).enquiries).toBe(2)
  })

  it('two gateways running it at once remove each row once', async () => {
    await fill(db, 40, 5)
    // A second gateway has its own connections to the same database (PGlite is embedded: one
    // process, so the second instance shares it).
    let other: Database = db
    if (driver === 'postgres') {
      const { rows } = await db.query<{ name: string }>('select current_database() as name')
      const url = new URL(process.env.TEST_DATABASE_URL as string)
      url.pathname = `/${rows[0].name}`
      other = await openPostgres(url.toString(), 4)
    }
    try {
      const options = { limits: ONE_DAY, batchSize: 3 }
      const reports = await Promise.all([runRetention(db, options), runRetention(other, options)])
      const [a, b] = reports
      expect(a.enquiries + b.enquiries).toBe(40)
      expect(a.monitoring_events + b.monitoring_events).toBe(120)
      expect(a.monitoring_errors + b.monitoring_errors).toBe(40)
      expect(a.mail_bodies + b.mail_bodies).toBe(40)
      expect(a.audit_trail + b.audit_trail).toBe(40)
      expect(a.unconfirmed_subscribers + b.unconfirmed_subscribers).toBe(40)
      expect(await counts(db)).toMatchObject({
        enquiries: 5,
        monitoring_errors: 5,
        mail_with_body: 5,
        audit_log: 5,
        pending: 5,
        confirmed_or_left: 80,
      })
    } finally {
      if (other !== db) await other.close()
    }
  })

  it.runIf(driver === 'postgres')('leaves a kind to the instance holding its lock', async () => {
    await fill(db, 4, 0)
    const { rows } = await db.query<{ name: string }>('select current_database() as name')
    const url = new URL(process.env.TEST_DATABASE_URL as string)
    url.pathname = `/${rows[0].name}`
    const other = await openPostgres(url.toString(), 2)
    try {
      let release!: () => void
      const released = new Promise<void>((r) => {
        release = r
      })
      let locked!: () => void
      const holding = new Promise<void>((r) => {
        locked = r
      })
      // Another instance in the middle of an enquiries batch (kind 0 of the plan).
      const held = other.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock(20261124, 0)')
        locked()
        await released
      })
      await holding
      const report = await runRetention(db, { limits: LIMITS, batchSize: 10, now: movedBy(100) })
      release()
      await held
      expect(report.enquiries).toBe(0)
      expect(report.monitoring_errors).toBe(4)
      expect((await counts(db)).enquiries).toBe(4)
    } finally {
      await other.close()
    }
  })

  it('runs on its schedule and logs what it removed', async () => {
    await fill(db, 3, 1)
    const logged: { removed?: Record<string, number>; message: string }[] = []
    const logger = {
      info: (obj: { removed: Record<string, number> }, message: string) => logged.push({ ...obj, message }),
      debug: (message: string) => logged.push({ message }),
      warn: (_: unknown, message: string) => logged.push({ message }),
    } as unknown as Logger
    const schedule = scheduleRetention(db, logger, {
      limits: ONE_DAY,
      batchSize: 100,
      intervalMs: 20,
      firstDelayMs: 0,
    })
    try {
      for (let i = 0; i < 500 && !logged.some((l) => l.removed); i++)
        await new Promise((r) => setTimeout(r, 10))
    } finally {
      await schedule.stop()
    }
    const entry = logged.find((l) => l.removed)
    expect(entry?.message).toBe('retention: removed personal information past its limit')
    expect(entry?.removed).toEqual({
      enquiries: 3,
      monitoring_events: 9,
      monitoring_errors: 3,
      mail_bodies: 3,
      audit_trail: 3,
      unconfirmed_subscribers: 3,
    })
    expect((await counts(db)).enquiries).toBe(1)
  })

  it('an unconfirmed sign-up past its limit goes, its consent entries keep only the hash; confirmed and unsubscribed ones stay', async () => {
    // Three people sign up through the form's function (audited, as the service role): one never
    // confirms, one confirms, one confirms and unsubscribes.
    const [never, reader, leaver] = ['never@example.test', 'reader@example.test', 'leaver@example.test']
    await asCaller(db, SERVICE_ROLE, async (tx) => {
      for (const email of [never, reader, leaver]) {
        const { rows } = await tx.query<{ confirm_token: string; unsubscribe_token: string }>(
          `select * from public.newsletter_request_subscription($1, 'homepage', 'I agree', '192.0.2.9', 'Safari')`,
          [email],
        )
        if (email === never) continue
        await tx.query('select * from public.newsletter_confirm_subscription($1)', [rows[0].confirm_token])
        if (email === leaver)
          await tx.query('select * from public.newsletter_unsubscribe($1)', [rows[0].unsubscribe_token])
      }
    })
    const limits = {
      ...LIMITS,
      enquiries: 0,
      monitoring_events: 0,
      monitoring_errors: 0,
      mail_bodies: 0,
      audit_trail: 0,
    }
    // Within the limit: nothing goes.
    expect(
      (await runRetention(db, { limits, batchSize: 10, now: movedBy(19) })).unconfirmed_subscribers,
    ).toBe(0)
    // Past it (20 days): only the one who never confirmed.
    const report = await runRetention(db, { limits, batchSize: 10, now: movedBy(21) })
    expect(report.unconfirmed_subscribers).toBe(1)
    const { rows: left } = await db.query<{ email: string; status: string }>(
      'select email, status from public.newsletter_subscribers order by email',
    )
    expect(left).toEqual([
      { email: leaver, status: 'unsubscribed' },
      { email: reader, status: 'subscribed' },
    ])
    // The ledger keeps the sign-up request as the hash the suppression list would use, without
    // the address, IP address or browser; the others' entries are untouched.
    const { rows: ledger } = await db.query<{
      email: string | null
      hashed: boolean
      ip_address: string | null
      event: string
    }>(
      `select email, email_hash = private.email_hash($1) as hashed, ip_address, event
         from public.newsletter_consent_events
        where lower(email) = $1 or email_hash = private.email_hash($1) order by id`,
      [never],
    )
    expect(ledger).toEqual([{ email: null, hashed: true, ip_address: null, event: 'opt_in_requested' }])
    const { rows: kept } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.newsletter_consent_events where email in ($1, $2) and ip_address = '192.0.2.9'`,
      [reader, leaver],
    )
    expect(kept[0].n).toBe(2)
    // The audit trail still says a sign-up was recorded, but no longer what it held.
    const { rows: trail } = await db.query<{ data: string }>(
      `select coalesce(new_data::text, '') || coalesce(old_data::text, '') as data from public.audit_log
        where table_name = 'newsletter_subscribers'`,
    )
    expect(trail.length).toBeGreaterThan(0)
    expect(trail.some((t) => t.data.includes(never))).toBe(false)
    expect(trail.some((t) => t.data.includes(reader))).toBe(true)
    // The address is not suppressed: the person may sign up again.
    const { rows: suppressed } = await db.query<{ s: boolean }>(
      'select private.is_mail_suppressed($1) as s',
      [never],
    )
    expect(suppressed[0].s).toBe(false)
  })

  it('only the gateway itself may prune unconfirmed sign-ups', async () => {
    await fill(db, 2, 0)
    const prune = `select private.prune_unconfirmed_subscribers(now() + interval '1 day', 100)`
    for (const caller of [ANON, SERVICE_ROLE, asUser(DEMO.admin, { aal: 'aal2' })]) {
      expect(await actAs(db, caller, prune), caller.role).toMatchObject({ ok: false, code: '42501' })
    }
    expect((await counts(db)).pending).toBe(2)
    const { rows } = await db.query<{ removed: number }>(`${prune} as removed`)
    expect(rows[0].removed).toBe(2)
    expect((await counts(db)).pending).toBe(0)
  })

  it('the audit trail still refuses every ordinary delete, update and truncate', async () => {
    await fill(db, 1, 0)
    const ordinary = 'delete from public.audit_log'
    // The gateway's own login role (the tables' owner).
    await expect(db.query(ordinary)).rejects.toMatchObject({ code: '42501' })
    await expect(db.query('truncate public.audit_log')).rejects.toMatchObject({ code: '42501' })
    // The API's roles: the append-only trigger or missing grants refuse them.
    for (const caller of [ANON, SERVICE_ROLE, asUser(DEMO.admin, { aal: 'aal2' }), asUser(DEMO.tenantA)]) {
      const outcome = await actAs(db, caller, ordinary)
      expect(outcome.ok, caller.role).toBe(false)
      if (!outcome.ok) expect(outcome.code).toBe('42501')
    }
    // Even the pruning role may not rewrite history.
    const update = await actAs(
      db,
      { role: 'audit_pruner', claims: {} },
      `update public.audit_log set actor_email = 'someone@else.test'`,
    )
    expect(update).toMatchObject({ ok: false, code: '42501' })
    expect((await counts(db)).audit_log).toBe(1)
  })

  it('only the gateway itself may call the pruning function', async () => {
    await fill(db, 2, 0)
    const prune = `select private.prune_audit_log(now() + interval '1 day', 100)`
    for (const caller of [ANON, SERVICE_ROLE, asUser(DEMO.admin, { aal: 'aal2' })]) {
      const outcome = await actAs(db, caller, prune)
      expect(outcome, caller.role).toMatchObject({ ok: false, code: '42501' })
    }
    expect((await counts(db)).audit_log).toBe(2)
    const { rows } = await db.query<{ removed: number }>(`${prune} as removed`)
    expect(rows[0].removed).toBe(2)
  })
})

describe('retention settings', () => {
  it('has stated defaults and refuses a negative limit', () => {
    const config = loadConfig({})
    expect(retentionLimits(config)).toEqual({
      enquiries: 730,
      monitoring_events: 180,
      monitoring_errors: 90,
      mail_bodies: 30,
      audit_trail: 1825,
      unconfirmed_subscribers: 30,
    })
    expect(config.RETENTION_INTERVAL_MINUTES).toBe(60)
    expect(() => loadConfig({ RETENTION_ENQUIRIES_DAYS: '-1' })).toThrow(/RETENTION_ENQUIRIES_DAYS/)
  })
})
