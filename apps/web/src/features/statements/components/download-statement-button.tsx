import { DownloadIcon } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { Spinner } from '../../../components/ui/spinner'
import { notify } from '../../../components/ui/toasts'
import { useCreateStatementDownloadUrl } from '../api/create-statement-download-url'

/**
 * Downloads a statement's PDF through a short-lived signed URL, asked for only when clicked (a
 * link rendered in advance would have expired by the time it is used). A statement without a
 * file says so instead.
 */
export function DownloadStatementButton({
  path,
  fileName,
  label,
}: {
  path: string | null
  fileName: string
  /** What the button downloads, for screen readers ("October 2026 rental statement"). */
  label: string
}) {
  const link = useCreateStatementDownloadUrl()
  if (!path) {
    return <span className="text-sm whitespace-nowrap text-stone-600">No PDF</span>
  }

  async function download() {
    if (!path) return
    try {
      const url = await link.mutateAsync({ path, fileName })
      const a = document.createElement('a')
      a.href = url
      a.download = fileName
      a.rel = 'noopener'
      document.body.append(a)
      a.click()
      a.remove()
    } catch (error) {
      notify.error('The PDF could not be downloaded', {
        description: error instanceof Error ? error.message : 'Please try again.',
      })
    }
  }

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={download}
      disabled={link.isPending}
      aria-label={`Download PDF of the ${label}`}
    >
      {link.isPending ? (
        <Spinner className="size-4" />
      ) : (
        <DownloadIcon className="size-4" aria-hidden="true" />
      )}
      PDF
    </Button>
  )
}
