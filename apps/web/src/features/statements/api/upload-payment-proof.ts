import { useMutation, useQueryClient } from '@tanstack/react-query'
import { storageFileName, uploadWithProgress } from '../../../lib/upload-with-progress'

/** What the payment-proofs bucket takes (migration 20261123300000); the server decides. */
export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const
export const PROOF_MAX_BYTES = 5 * 1024 * 1024

export interface UploadPaymentProofInput {
  tenantId: string
  kind: 'rental' | 'utility'
  statementId: string
  file: File
  onProgress?: (percent: number) => void
}

/**
 * Uploads a proof of payment against one of the tenant's statements. The database checks the
 * statement is theirs and unpaid, records the proof and marks the statement 'payment submitted'
 * in the same transaction as the file's row, so a refused upload leaves nothing behind.
 */
export async function uploadPaymentProof(input: UploadPaymentProofInput): Promise<{ path: string }> {
  const path = `${input.tenantId}/${input.kind}/${input.statementId}/${storageFileName(input.file.name)}`
  return uploadWithProgress({
    bucket: 'payment-proofs',
    path,
    file: input.file,
    onProgress: input.onProgress,
  })
}

export function useUploadPaymentProof() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadPaymentProof,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({
        queryKey: [input.kind === 'rental' ? 'rental-statements' : 'utility-statements'],
      }),
  })
}
