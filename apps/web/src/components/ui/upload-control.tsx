import { CircleCheckIcon, UploadIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { cn } from '../../lib/cn'
import { Alert } from './alert'
import { Button } from './button'
import { Progress } from './progress'

type State =
  | { step: 'idle' }
  | { step: 'uploading'; file: File; percent: number }
  | { step: 'done'; file: File }
  | { step: 'failed'; file: File | null; message: string }

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`

/**
 * One file upload with its states: choose a file, a quick check of type and size here (the server
 * checks again and decides), progress while the bytes go, then success, or the reason it failed
 * with the chosen file kept for another try.
 */
export function UploadControl({
  label,
  hint,
  accept,
  maxBytes,
  upload,
  onUploaded,
  disabled,
  buttonLabel = 'Choose a file',
  className,
}: {
  label: string
  /** What is accepted, in words ("PDF, JPG or PNG, up to 5 MB"). */
  hint: string
  /** MIME types the server takes (the bucket's list). */
  accept: readonly string[]
  maxBytes: number
  upload: (file: File, onProgress: (percent: number) => void) => Promise<void>
  onUploaded?: (file: File) => void
  disabled?: boolean
  buttonLabel?: string
  className?: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<State>({ step: 'idle' })

  async function send(file: File) {
    if (!accept.includes(file.type)) {
      setState({ step: 'failed', file: null, message: `${file.name} is not an accepted file type. ${hint}.` })
      return
    }
    if (file.size > maxBytes) {
      setState({
        step: 'failed',
        file: null,
        message: `${file.name} is ${formatSize(file.size)}: too large. ${hint}.`,
      })
      return
    }
    setState({ step: 'uploading', file, percent: 0 })
    try {
      await upload(file, (percent) =>
        setState((s) => (s.step === 'uploading' && s.file === file ? { ...s, percent } : s)),
      )
      setState({ step: 'done', file })
      onUploaded?.(file)
    } catch (error) {
      setState({
        step: 'failed',
        file,
        message: error instanceof Error ? error.message : 'The upload failed. Please try again.',
      })
    }
  }

  const busy = state.step === 'uploading'
  return (
    <div className={cn('space-y-3', className)}>
      <div>
        <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-stone-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        accept={accept.join(',')}
        // The button below is the keyboard's way in; the input stays out of the tab order.
        tabIndex={-1}
        aria-describedby={`${id}-hint`}
        disabled={disabled || busy}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) void send(file)
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={disabled || busy}
          aria-describedby={`${id}-label ${id}-hint`}
          onClick={() => input.current?.click()}
        >
          <UploadIcon className="size-4" aria-hidden="true" />
          {buttonLabel}
        </Button>
        {state.step === 'failed' && state.file && (
          <Button type="button" variant="ghost" onClick={() => state.file && void send(state.file)}>
            Try again
          </Button>
        )}
      </div>
      {state.step === 'uploading' && (
        <div className="space-y-1" role="status">
          <p className="text-sm text-stone-700">
            Uploading {state.file.name} … {state.percent}%
          </p>
          <Progress value={state.percent} aria-label={`Uploading ${state.file.name}`} />
        </div>
      )}
      {state.step === 'done' && (
        <p className="flex items-center gap-2 text-sm font-medium text-green-800" role="status">
          <CircleCheckIcon className="size-4" aria-hidden="true" />
          {state.file.name} uploaded.
        </p>
      )}
      {state.step === 'failed' && (
        <Alert variant="error" title="The upload did not go through.">
          {state.message}
        </Alert>
      )}
    </div>
  )
}
