import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refreshAfterWrite } from '../../../lib/query-client'
import { storageFileName, uploadWithProgress } from '../../../lib/upload-with-progress'

export interface UploadMaintenancePhotoInput {
  tenantId: string
  requestId: string
  file: File
  onProgress?: (percent: number) => void
}

/**
 * Adds a photo to one of the tenant's requests (bucket maintenance-photos). The database refuses a
 * sixth photo, a request that is not theirs, and the bucket a type or size it does not take.
 */
export async function uploadMaintenancePhoto(input: UploadMaintenancePhotoInput): Promise<{ path: string }> {
  const path = `${input.tenantId}/${input.requestId}/${storageFileName(input.file.name)}`
  return uploadWithProgress({
    bucket: 'maintenance-photos',
    path,
    file: input.file,
    onProgress: input.onProgress,
  })
}

export function useUploadMaintenancePhoto() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: uploadMaintenancePhoto,
    // A request logged with photos mounts its photo list while the photos are still uploading.
    onSettled: (_d, _e, input) => refreshAfterWrite(queryClient, ['maintenance-photos', input.requestId]),
  })
}
