import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

const BUCKET = 'maintenance-photos'
const SIGNED_FOR_SECONDS = 600

export interface RequestPhoto {
  name: string
  url: string
}

/**
 * The photos a tenant attached to a request (`maintenance-photos/{tenant_id}/{request_id}/…`, a
 * private bucket), each with a signed URL valid for ten minutes.
 */
export async function getRequestPhotos(tenantId: string, requestId: string): Promise<RequestPhoto[]> {
  const storage = getSupabase().storage.from(BUCKET)
  const folder = `${tenantId}/${requestId}`
  const { data: files, error } = await storage.list(folder)
  if (error) throw error
  const names = (files ?? []).filter((f) => f.id !== null).map((f) => `${folder}/${f.name}`)
  if (names.length === 0) return []
  const { data: signed, error: signError } = await storage.createSignedUrls(names, SIGNED_FOR_SECONDS)
  if (signError) throw signError
  return (signed ?? []).flatMap((s) =>
    s.signedUrl ? [{ name: (s.path ?? '').split('/').pop() ?? '', url: s.signedUrl }] : [],
  )
}

export const getRequestPhotosQueryOptions = (tenantId: string, requestId: string) =>
  queryOptions({
    queryKey: ['admin', 'maintenance', 'photos', requestId],
    queryFn: () => getRequestPhotos(tenantId, requestId),
    staleTime: (SIGNED_FOR_SECONDS / 2) * 1000,
  })

export function useRequestPhotos(tenantId: string, requestId: string) {
  return useQuery(getRequestPhotosQueryOptions(tenantId, requestId))
}
