import { createHash } from 'node:crypto'

// Several checkouts (worktrees) may run their suites against one PostgreSQL server at once, each
// with its own set of migrations: the template is named per checkout so one run never replaces
// another's template mid-run. Global setup and test workers share the working directory.
const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12)

export const PG_TEMPLATE = `genesis_test_template_${checkout}`
export const PGLITE_TEMPLATE_ENV = 'GENESIS_PGLITE_TEMPLATE'
