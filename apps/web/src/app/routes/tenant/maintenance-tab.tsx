import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { useMyMaintenanceRequests } from '../../../features/maintenance/api/get-my-maintenance-requests'
import { MaintenanceRequestForm } from '../../../features/maintenance/components/maintenance-request-form'
import { MaintenanceRequestsList } from '../../../features/maintenance/components/maintenance-requests-list'

/** The dashboard's "Maintenance" tab: log a request, and the shop's requests with their threads. */
export default function MaintenanceTab({
  userId,
  tenantId,
  shopId,
  unlinked,
}: {
  userId: string | undefined
  tenantId: string | undefined
  shopId: string | undefined
  /** What shows in place of the form while the account has no shop. */
  unlinked: ReactNode
}) {
  const requests = useMyMaintenanceRequests(userId)
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Log a maintenance request</CardTitle>
          <CardDescription>
            Tell the centre management what needs fixing in or around your shop.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {tenantId && shopId ? <MaintenanceRequestForm tenantId={tenantId} /> : unlinked}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your requests</CardTitle>
        </CardHeader>
        <CardContent>
          <MaintenanceRequestsList
            tenantId={tenantId ?? ''}
            requests={requests.data}
            isPending={requests.isPending}
            error={requests.error}
            onRetry={() => void requests.refetch()}
          />
        </CardContent>
      </Card>
    </>
  )
}
