import type { StatementKind } from '@genesis/contracts/billing'
import { PageMeta } from '../../../components/seo/page-meta'
import { STATEMENT_KIND_INFO } from '../../../features/statements/api/admin-statements'
import { StatementsScreen } from '../../../features/statements/components/statements-screen'

/** /admin/rental-statements and /admin/utility-statements: one screen, given its kind (issue 14). */
function StatementsPage({ kind }: { kind: StatementKind }) {
  const info = STATEMENT_KIND_INFO[kind]
  return (
    <>
      <PageMeta
        title={info.title}
        description={`${info.title} of the Genesis Centre tenants.`}
        path={info.href}
        noindex
      />
      <StatementsScreen key={kind} kind={kind} />
    </>
  )
}

export const RentalStatementsPage = () => <StatementsPage kind="rental" />
export const UtilityStatementsPage = () => <StatementsPage kind="utility" />
