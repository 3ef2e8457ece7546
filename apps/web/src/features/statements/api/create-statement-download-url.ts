import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '../../../lib/supabase-client'

/** How long a statement's download link works: long enough to start the download, no longer. */
export const DOWNLOAD_URL_SECONDS = 60

/**
 * A short-lived signed URL for one statement PDF in the private statements bucket. The storage
 * policies decide: a tenant gets one only for a file in their own folder.
 */
export async function createStatementDownloadUrl(input: { path: string; fileName: string }): Promise<string> {
  const { data, error } = await getSupabase()
    .storage.from('statements')
    .createSignedUrl(input.path, DOWNLOAD_URL_SECONDS, { download: input.fileName })
  if (error) throw error
  return data.signedUrl
}

export function useCreateStatementDownloadUrl() {
  return useMutation({ mutationFn: createStatementDownloadUrl })
}
