import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

export interface MaintenancePhoto {
  name: string
  url: string
}

/** The photos of one request, with signed URLs valid for an hour (the bucket is private). */
export async function getMaintenancePhotos(input: {
  tenantId: string
  requestId: string
}): Promise<MaintenancePhoto[]> {
  const folder = `${input.tenantId}/${input.requestId}`
  const bucket = getSupabase().storage.from('maintenance-photos')
  const { data, error } = await bucket.list(folder, { sortBy: { column: 'name', order: 'asc' } })
  if (error) throw error
  const names = data.filter((o) => o.id !== null).map((o) => `${folder}/${o.name}`)
  if (names.length === 0) return []
  const signed = await bucket.createSignedUrls(names, 3600)
  if (signed.error) throw signed.error
  return signed.data.flatMap((s) => (s.signedUrl && s.path ? [{ name: s.path, url: s.signedUrl }] : []))
}

export const getMaintenancePhotosQueryOptions = (tenantId: string, requestId: string) =>
  queryOptions({
    queryKey: ['maintenance-photos', requestId],
    queryFn: () => getMaintenancePhotos({ tenantId, requestId }),
  })

export function useMaintenancePhotos(tenantId: string, requestId: string) {
  return useQuery(getMaintenancePhotosQueryOptions(tenantId, requestId))
}
