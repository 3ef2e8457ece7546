import { formatPeriod, isUnpaid } from '@genesis/contracts/tenant-portal'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog'
import { notify } from '../../../components/ui/toasts'
import { UploadControl } from '../../../components/ui/upload-control'
import { PROOF_MAX_BYTES, PROOF_TYPES, useUploadPaymentProof } from '../api/upload-payment-proof'

/**
 * The payment cell of a statement row: for an unpaid statement, a dialog to upload the proof of
 * payment (PDF or photo); after that the statement shows 'Payment submitted' until management
 * marks it paid.
 */
export function PaymentProofAction({
  tenantId,
  kind,
  statement,
}: {
  tenantId: string
  kind: 'rental' | 'utility'
  statement: { id: string; period: string; status: string }
}) {
  const [open, setOpen] = useState(false)
  const upload = useUploadPaymentProof()
  if (!isUnpaid(statement.status)) return <span className="text-sm text-stone-600">—</span>
  const what = `${formatPeriod(statement.period)} ${kind} statement`
  const again = statement.status === 'payment_submitted'
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={again ? 'ghost' : 'secondary'} size="sm">
          {again ? 'Add proof' : 'Upload proof'}
          <span className="sr-only"> of payment for the {what}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Upload proof of payment"
        description={`For the ${what}. Management confirms the payment and marks the statement paid.`}
      >
        <UploadControl
          label="Proof of payment"
          hint="PDF, JPG, PNG or WebP, up to 5 MB"
          accept={PROOF_TYPES}
          maxBytes={PROOF_MAX_BYTES}
          upload={async (file, onProgress) => {
            await upload.mutateAsync({ tenantId, kind, statementId: statement.id, file, onProgress })
          }}
          onUploaded={() => {
            notify.success('Proof of payment received', {
              description: `The ${what} now shows 'Payment submitted'.`,
            })
            setOpen(false)
          }}
        />
      </DialogContent>
    </Dialog>
  )
}
