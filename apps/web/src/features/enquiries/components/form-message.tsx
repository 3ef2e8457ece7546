/** The form-level validation line (docs/product/site.md §5), announced when it appears. */
export function FormMessage({ id, message }: { id: string; message?: string }) {
  return (
    <p
      id={id}
      role="alert"
      className={message ? 'rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800' : 'sr-only'}
    >
      {message ?? ''}
    </p>
  )
}
