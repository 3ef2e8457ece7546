import { env } from '../config/env'
import { backendUrl } from './supabase'
import { getSupabase } from './supabase-client'

/**
 * Uploads a file to storage (`POST /storage/v1/object/{bucket}/{path}`, as supabase-js does) with
 * upload progress, which supabase-js's fetch cannot report. Replaces an object at the same path.
 * Resolves with the stored path; rejects with the storage API's message.
 */
export async function uploadWithProgress(
  bucket: string,
  path: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<string> {
  const { data } = await getSupabase().auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new Error('Your session has ended. Sign in again to upload.')
  const encoded = path.split('/').map(encodeURIComponent).join('/')
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${backendUrl()}/storage/v1/object/${bucket}/${encoded}`)
    xhr.setRequestHeader('apikey', env().anonKey)
    xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.setRequestHeader('x-upsert', 'true')
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve(path)
        return
      }
      let message = `Upload failed (${xhr.status})`
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string; error?: string }
        message = body.message ?? body.error ?? message
      } catch {
        // not JSON: keep the status line
      }
      reject(new Error(message))
    }
    xhr.onerror = () =>
      reject(new Error('The upload could not reach the server. Check the connection and try again.'))
    xhr.send(file)
  })
}
