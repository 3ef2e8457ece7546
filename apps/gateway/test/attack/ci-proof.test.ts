import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { requirePostgresInCi } from '../support/global-setup.ts'

/**
 * Issue 11, "CI proves it ran on both engines": under CI the PostgreSQL half cannot be skipped
 * quietly, and npm test checks the web app's size budgets.
 */
describe('the suite in CI', () => {
  it('fails before any test when CI is set and PostgreSQL is not', () => {
    for (const CI of ['true', '1', 'yes']) {
      expect(() => requirePostgresInCi({ CI })).toThrowError(/TEST_DATABASE_URL is not/)
    }
  })

  it('runs on PGlite alone only outside CI, and on both engines in CI', () => {
    for (const CI of [undefined, '', 'false', '0']) expect(() => requirePostgresInCi({ CI })).not.toThrow()
    expect(() =>
      requirePostgresInCi({ CI: 'true', TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1/postgres' }),
    ).not.toThrow()
  })

  it('is wired: the global setup asks first, and npm test refuses CI without PostgreSQL and checks the budgets', () => {
    const setup = readFileSync(new URL('../support/global-setup.ts', import.meta.url), 'utf8')
    expect(setup).toMatch(
      /export default async function setup\(\) \{\n {2}requirePostgresInCi\(process\.env\)/,
    )
    const script = readFileSync(new URL('../../../../scripts/test.sh', import.meta.url), 'utf8')
    expect(script).toMatch(/-z "\$\{TEST_DATABASE_URL:-\}" \]; then\n.*\n {2}exit 1/)
    expect(script).toMatch(/node scripts\/check-budgets\.ts/)
  })
})
