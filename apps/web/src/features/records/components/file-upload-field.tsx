import { UploadIcon, XIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Progress } from '../../../components/ui/progress'
import { publicStorageUrl } from '../../../lib/backend'
import { storageFileName, uploadWithProgress } from '../../../lib/upload-with-progress'

/**
 * A file stored in a public bucket under the record's folder (`{recordId}/…`): choose a file, watch
 * it upload, see the preview; the form then saves the path. Before the record exists there is no
 * folder yet, so the field asks to save first.
 */
export function FileUploadField({
  label,
  bucket,
  accept,
  recordId,
  value,
  onChange,
  hint,
}: {
  label: string
  bucket: 'shop-logos' | 'floor-plans'
  accept: string
  recordId: string | undefined
  value: string | null
  onChange: (path: string | null) => void
  hint: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string>()

  async function upload(file: File) {
    if (!recordId) return
    setError(undefined)
    setProgress(0)
    try {
      const { path } = await uploadWithProgress({
        bucket,
        path: `${recordId}/${storageFileName(file.name)}`,
        file,
        onProgress: (percent) => setProgress(percent / 100),
      })
      onChange(path)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setProgress(null)
      if (input.current) input.current.value = ''
    }
  }

  const isPdf = value?.toLowerCase().endsWith('.pdf')
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {recordId ? hint : 'Save first; then you can add the file.'}
      </p>
      {value && (
        <div className="flex items-center gap-3">
          {isPdf ? (
            <a
              href={publicStorageUrl(bucket, value)}
              target="_blank"
              rel="noreferrer"
              className="text-sm font-semibold text-brand-800 underline"
            >
              Open the current file (PDF)
            </a>
          ) : (
            <img
              src={publicStorageUrl(bucket, value)}
              alt={`Current ${label.toLowerCase()}`}
              className="size-20 rounded-lg border border-stone-200 bg-white object-contain"
            />
          )}
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <XIcon className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      )}
      <div className="flex items-center gap-3">
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          disabled={!recordId || progress !== null}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void upload(file)
          }}
          className="block w-full max-w-sm text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 disabled:opacity-60"
        />
        {progress !== null && (
          <UploadIcon className="size-4 animate-pulse text-brand-700" aria-hidden="true" />
        )}
      </div>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label={`Uploading ${label.toLowerCase()}`} />
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
