import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { useRentalStatements } from '../../../features/statements/api/get-rental-statements'
import { useUtilityStatements } from '../../../features/statements/api/get-utility-statements'
import { PaymentProofAction } from '../../../features/statements/components/payment-proof-action'
import {
  RentalStatementsTable,
  UtilityStatementsTable,
} from '../../../features/statements/components/statements-table'

/** The dashboard's "Statements" tab: rental and utility statements, each with proof of payment. */
export default function StatementsTab({
  userId,
  tenantId,
  shopNo,
}: {
  userId: string | undefined
  tenantId: string | undefined
  shopNo: string | null
}) {
  const rental = useRentalStatements(userId)
  const utility = useUtilityStatements(userId)
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Rental statements</CardTitle>
        </CardHeader>
        <CardContent>
          <RentalStatementsTable
            statements={rental.data}
            isPending={rental.isPending}
            error={rental.error}
            onRetry={() => void rental.refetch()}
            shopNo={shopNo}
            actions={
              tenantId
                ? (s) => <PaymentProofAction tenantId={tenantId} kind="rental" statement={s} />
                : undefined
            }
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Utility statements</CardTitle>
        </CardHeader>
        <CardContent>
          <UtilityStatementsTable
            statements={utility.data}
            isPending={utility.isPending}
            error={utility.error}
            onRetry={() => void utility.refetch()}
            shopNo={shopNo}
            actions={
              tenantId
                ? (s) => <PaymentProofAction tenantId={tenantId} kind="utility" statement={s} />
                : undefined
            }
          />
        </CardContent>
      </Card>
    </>
  )
}
