import { STATEMENT_STATUS_LABELS, type StatementStatus } from '@genesis/contracts/tenant-portal'
import { Badge, type BadgeVariant } from '../../../components/ui/badge'

const VARIANTS: Record<StatementStatus, BadgeVariant> = {
  draft: 'outline',
  issued: 'info',
  payment_submitted: 'accent',
  paid: 'success',
  overdue: 'danger',
}

export function StatementStatusBadge({ status }: { status: string }) {
  const known = status in STATEMENT_STATUS_LABELS ? (status as StatementStatus) : null
  return (
    <Badge variant={known ? VARIANTS[known] : 'secondary'}>
      {known ? STATEMENT_STATUS_LABELS[known] : status}
    </Badge>
  )
}
