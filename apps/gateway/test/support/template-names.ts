export const PGLITE_TEMPLATE_ENV = 'GENESIS_PGLITE_TEMPLATE'

/** Global setup tells the test workers the name of this run's PostgreSQL template through this. */
export const PG_TEMPLATE_ENV = 'GENESIS_PG_TEMPLATE'

/**
 * The migrated template database of this test run. Each run has its own (named after the setup
 * process), because several runs share one PostgreSQL server: with one shared name, a run on
 * another branch would drop and recreate the template under this one, without its migrations.
 */
export function pgTemplate(): string {
  return process.env[PG_TEMPLATE_ENV] ?? 'genesis_test_template'
}
