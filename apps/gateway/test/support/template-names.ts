export const PG_TEMPLATE = 'genesis_test_template'
export const PGLITE_TEMPLATE_ENV = 'GENESIS_PGLITE_TEMPLATE'
