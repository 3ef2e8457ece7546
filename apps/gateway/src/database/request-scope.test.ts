import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, drivers, type TestDatabase } from '../../test/support/database.ts'
import { asUser, DEMO } from '../../test/support/tokens.ts'
import { ANON, asCaller } from './request-scope.ts'

describe.each(drivers)('acting as a caller on %s', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('switches role and sets the claims, sub, headers, method and path for the transaction', async () => {
    const caller = asUser(DEMO.tenantA)
    const row = await asCaller(
      db,
      caller,
      async (tx) =>
        (
          await tx.query<Record<string, unknown>>(
            `select current_user as role, auth.uid()::text as uid, auth.role() as jwt_role, auth.email() as email,
               auth.jwt() -> 'app_metadata' ->> 'role' as app_role,
               current_setting('request.headers')::jsonb ->> 'x-client-info' as client,
               current_setting('request.method') as method, current_setting('request.path') as path`,
          )
        ).rows[0],
      { request: { headers: { 'x-client-info': 'supabase-js/2' }, method: 'GET', path: '/rest/v1/shops' } },
    )
    expect(row).toEqual({
      role: 'authenticated',
      uid: DEMO.tenantA.id,
      jwt_role: 'authenticated',
      email: DEMO.tenantA.email,
      app_role: 'tenant',
      client: 'supabase-js/2',
      method: 'GET',
      path: '/rest/v1/shops',
    })
  })

  it('leaves nothing behind: the next statement runs as the login role with empty claims', async () => {
    await asCaller(db, asUser(DEMO.admin, { aal: 'aal2' }), (tx) => tx.query('select 1'))
    const { rows } = await db.query<{ uid: string | null; claims: string | null }>(
      `select auth.uid()::text as uid, nullif(current_setting('request.jwt.claims', true), '') as claims`,
    )
    expect(rows[0]).toEqual({ uid: null, claims: null })
    const role = await db.query<{ r: string }>('select current_user as r')
    expect(role.rows[0].r).not.toBe('authenticated')
  })

  it('runs read-only when asked, so a write inside fails', async () => {
    await expect(
      asCaller(
        db,
        ANON,
        (tx) => tx.query(`insert into public.vacant_shops (unit_number, size_m2) values ('x', 1)`),
        {
          readOnly: true,
        },
      ),
    ).rejects.toMatchObject({ code: '25006' })
  })

  it('rolls back everything when the work throws', async () => {
    await expect(
      asCaller(db, { role: 'service_role', claims: { role: 'service_role' } }, async (tx) => {
        await tx.query(`insert into public.vacant_shops (unit_number, size_m2) values ('ROLLBACK-1', 1)`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const { rows } = await db.query(`select 1 from public.vacant_shops where unit_number = 'ROLLBACK-1'`)
    expect(rows).toEqual([])
  })

  it('never interleaves concurrent requests inside one another’s transaction', async () => {
    // Each transaction writes its own marker, yields, and reads back the claims it set: on PGlite
    // all share one connection, so an interleaved statement would see another caller's claims.
    const callers = [asUser(DEMO.admin, { aal: 'aal2' }), asUser(DEMO.tenantA), asUser(DEMO.tenantB), ANON]
    const seen = await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const caller = callers[i % callers.length]
        return asCaller(db, caller, async (tx) => {
          await tx.query('select pg_sleep(0.002)')
          const { rows } = await tx.query<{ sub: string | null }>(
            `select nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub' as sub`,
          )
          return { expected: (caller.claims.sub as string | undefined) ?? null, got: rows[0].sub }
        })
      }),
    )
    for (const s of seen) expect(s.got).toBe(s.expected)
  })
})
