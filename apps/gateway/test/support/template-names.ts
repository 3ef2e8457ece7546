export const PG_TEMPLATE = 'genesis_test_template'
/**
 * The template of this run (PG_TEMPLATE plus the runner's pid): several checkouts may test against
 * one PostgreSQL server at once, and a shared template would carry another checkout's migrations.
 */
export const PG_TEMPLATE_ENV = 'GENESIS_PG_TEMPLATE'
export const PGLITE_TEMPLATE_ENV = 'GENESIS_PGLITE_TEMPLATE'
