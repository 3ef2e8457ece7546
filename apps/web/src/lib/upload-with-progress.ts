import { env } from '../config/env'
import { backendUrl } from './backend'
import { getSupabase } from './supabase-client'

/** A refused or failed upload, with the storage service's own message. */
export class UploadError extends Error {
  readonly status: number
  constructor(message: string, status: number) {
    super(message)
    this.name = 'UploadError'
    this.status = status
  }
}

export interface UploadInput {
  bucket: string
  path: string
  file: Blob
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
  /** Replace a file already at the path (default: refuse). */
  upsert?: boolean
}

/** A file name safe in a storage path (letters, digits, dot, dash, underscore), prefixed with the time so names never clash. */
export const storageFileName = (name: string, now = Date.now()) =>
  `${now}-${
    name
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(-80) || 'file'
  }`

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/')

/**
 * Uploads one file to storage as the signed-in user, reporting progress. The same request
 * supabase-js's `storage.upload` sends (POST /storage/v1/object/{bucket}/{path}, the session's
 * token; upsert only when asked), made with XMLHttpRequest because fetch cannot report upload progress. The
 * bucket's type and size rules and the storage policies are enforced by the server; their
 * message comes back as the error.
 */
export async function uploadWithProgress(input: UploadInput): Promise<{ path: string }> {
  const { data } = await getSupabase().auth.getSession()
  const token = data.session?.access_token
  if (!token) throw new UploadError('Your session has ended. Please sign in again.', 401)
  const url = `${backendUrl()}/storage/v1/object/${encodeURIComponent(input.bucket)}/${encodePath(input.path)}`
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', url)
    xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.setRequestHeader('apikey', env().anonKey)
    xhr.setRequestHeader('content-type', input.file.type || 'application/octet-stream')
    xhr.setRequestHeader('cache-control', 'max-age=3600')
    xhr.setRequestHeader('x-upsert', input.upsert ? 'true' : 'false')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        input.onProgress?.(100)
        resolve({ path: input.path })
        return
      }
      let message = 'The upload was refused.'
      try {
        const body = JSON.parse(xhr.responseText) as { message?: unknown }
        if (typeof body.message === 'string' && body.message) message = body.message
      } catch {
        // not JSON: keep the general message
      }
      reject(new UploadError(message, xhr.status))
    }
    xhr.onerror = () =>
      reject(new UploadError('The connection dropped during the upload. Please try again.', 0))
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.', 0))
    input.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(input.file)
  })
}
