import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { WhatsOnItemForm } from '../../../features/whats-on/components/whats-on-form'
import { WhatsOnManager } from '../../../features/whats-on/components/whats-on-manager'

/** The dashboard's "What's on" tab: the tenant's specials, submitted for the centre's approval. */
export default function WhatsOnTab({
  shopId,
  unlinked,
}: {
  shopId: string | undefined
  unlinked: ReactNode
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your specials</CardTitle>
        <CardDescription>
          Specials appear on the What's on page and the home page once the centre management has approved
          them, and leave by themselves when they end.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8 lg:grid-cols-2">
        {shopId ? (
          <>
            <WhatsOnItemForm
              kind="special"
              shopId={shopId}
              heading="New special"
              actions={[
                { status: 'submitted', label: 'Submit for approval', primary: true },
                { status: 'draft', label: 'Save draft' },
              ]}
            />
            <WhatsOnManager area="tenant" shopId={shopId} />
          </>
        ) : (
          unlinked
        )}
      </CardContent>
    </Card>
  )
}
