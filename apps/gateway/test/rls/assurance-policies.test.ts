import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, drivers, type TestDatabase } from '../support/database.ts'

/**
 * The meta-test of the assurance level (product.md §9): every table of the public and storage
 * schemas has row-level security on, and every table that lets a signed-in user reach more than a
 * visitor reaches carries a restrictive policy calling private.has_required_aal() for each command
 * that lets them. A table another area adds without it fails here, naming the table and command.
 *
 * The policy to add (supabase/migrations/20261123100000_require_second_factor_in_rls.sql):
 *
 *   create policy "Two-factor users must present their second factor" on <table>
 *     as restrictive for all to authenticated
 *     using ((select private.has_required_aal()))
 *     with check ((select private.has_required_aal()));
 *
 * or, for a table visitors read too, a restrictive select policy
 * `using ((select private.has_required_aal()) or <what visitors see>)` plus restrictive insert,
 * update and delete policies. The RLS matrix (rls-matrix.test.ts) shows what they do.
 */
interface PolicyRow {
  table: string
  name: string
  permissive: string
  roles: string[]
  cmd: string
  qual: string | null
  with_check: string | null
}

const COMMANDS = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const
const PREDICATE = 'has_required_aal'

/** The tables and commands that let a signed-in user past what a visitor gets, without the predicate. */
function missingAssurance(policies: PolicyRow[]): string[] {
  const applies = (p: PolicyRow, role: string) => p.roles.includes(role) || p.roles.includes('public')
  const covers = (p: PolicyRow, cmd: string) => p.cmd === cmd || p.cmd === 'ALL'
  const tables = [...new Set(policies.map((p) => p.table))].sort()
  const missing: string[] = []
  for (const table of tables) {
    const own = policies.filter((p) => p.table === table)
    for (const cmd of COMMANDS) {
      const beyondVisitors = own.some(
        (p) =>
          p.permissive === 'PERMISSIVE' &&
          covers(p, cmd) &&
          applies(p, 'authenticated') &&
          !applies(p, 'anon'),
      )
      // A visitor who reads every row (`using (true)`) leaves nothing more for anyone to read.
      const visitorsReadAll =
        cmd === 'SELECT' &&
        own.some(
          (p) => p.permissive === 'PERMISSIVE' && covers(p, cmd) && applies(p, 'anon') && p.qual === 'true',
        )
      if (!beyondVisitors || visitorsReadAll) continue
      const guarded = own.some((p) => {
        if (p.permissive !== 'RESTRICTIVE' || !covers(p, cmd) || !applies(p, 'authenticated')) return false
        // USING guards what is read, updated or deleted; WITH CHECK what is written.
        const using = cmd !== 'INSERT' ? (p.qual ?? '').includes(PREDICATE) : true
        const check = cmd === 'INSERT' || cmd === 'UPDATE' ? (p.with_check ?? '').includes(PREDICATE) : true
        return using && check
      })
      if (!guarded) missing.push(`${table} ${cmd}`)
    }
  }
  return missing
}

const policy = (p: Partial<PolicyRow>): PolicyRow => ({
  table: 'public.t',
  name: 'p',
  permissive: 'PERMISSIVE',
  roles: ['authenticated'],
  cmd: 'ALL',
  qual: 'true',
  with_check: 'true',
  ...p,
})

describe('the assurance meta-test itself', () => {
  it('flags a table whose signed-in users reach more than visitors without the predicate', () => {
    expect(missingAssurance([policy({ cmd: 'SELECT' })])).toEqual(['public.t SELECT'])
    expect(missingAssurance([policy({ cmd: 'ALL' })])).toEqual([
      'public.t SELECT',
      'public.t INSERT',
      'public.t UPDATE',
      'public.t DELETE',
    ])
  })

  it('accepts a restrictive policy with the predicate, and tables that give only what visitors get', () => {
    const guard = policy({
      permissive: 'RESTRICTIVE',
      qual: '( SELECT private.has_required_aal() AS has_required_aal)',
      with_check: '( SELECT private.has_required_aal() AS has_required_aal)',
    })
    expect(missingAssurance([policy({}), guard])).toEqual([])
    expect(missingAssurance([policy({ cmd: 'SELECT', roles: ['anon', 'authenticated'] })])).toEqual([])
    const everyoneReadsAll = policy({ cmd: 'SELECT', roles: ['anon', 'authenticated'], qual: 'true' })
    expect(missingAssurance([everyoneReadsAll, policy({ cmd: 'SELECT', qual: 'is_admin()' })])).toEqual([])
    const visitorsReadSome = policy({ cmd: 'SELECT', roles: ['anon', 'authenticated'], qual: 'is_published' })
    expect(missingAssurance([visitorsReadSome, policy({ cmd: 'SELECT', qual: 'is_admin()' })])).toEqual([
      'public.t SELECT',
    ])
  })

  it('is not fooled by a restrictive policy without the predicate, for anon only, or without WITH CHECK', () => {
    const unrelated = policy({ permissive: 'RESTRICTIVE', qual: 'is_published' })
    expect(missingAssurance([policy({ cmd: 'SELECT' }), unrelated])).toEqual(['public.t SELECT'])
    const anonOnly = policy({
      permissive: 'RESTRICTIVE',
      roles: ['anon'],
      qual: 'private.has_required_aal()',
    })
    expect(missingAssurance([policy({ cmd: 'DELETE' }), anonOnly])).toEqual(['public.t DELETE'])
    const usingOnly = policy({
      permissive: 'RESTRICTIVE',
      cmd: 'UPDATE',
      qual: 'private.has_required_aal()',
      with_check: null,
    })
    expect(missingAssurance([policy({ cmd: 'UPDATE' }), usingOnly])).toEqual(['public.t UPDATE'])
  })
})

describe.each(drivers)('every table guards the assurance level (%s)', (driver) => {
  let db: TestDatabase
  beforeAll(async () => {
    db = await createTestDatabase(driver)
  })
  afterAll(async () => {
    await db?.close()
  })

  it('has row-level security on every table of the public and storage schemas', async () => {
    const { rows } = await db.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p') and not c.relrowsecurity
       order by 1`,
    )
    expect(rows.map((r) => r.name)).toEqual([])
  })

  it('has a restrictive two-factor policy wherever a signed-in user reaches more than a visitor', async () => {
    const { rows } = await db.query<PolicyRow>(
      `select schemaname || '.' || tablename as table, policyname as name, permissive,
              roles::text[] as roles, cmd, qual, with_check
       from pg_policies where schemaname in ('public', 'storage')`,
    )
    expect(rows.length).toBeGreaterThan(0)
    expect(missingAssurance(rows)).toEqual([])
  })
})
