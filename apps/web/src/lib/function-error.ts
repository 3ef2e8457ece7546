import * as z from 'zod/mini'

/** The failure body of our functions: `{ error }`, plus `provider_error` when e-mail delivery failed. */
const FunctionFailureSchema = z.object({
  error: z.optional(z.string()),
  provider_error: z.optional(z.string()),
})
export type FunctionFailure = z.infer<typeof FunctionFailureSchema>

/**
 * Reads what a failed `functions.invoke` says. functions-js puts the HTTP response on
 * `error.context` for non-2xx answers; a network failure has no body, so we fall back to the
 * error's own message.
 */
export async function readFunctionFailure(error: unknown): Promise<FunctionFailure> {
  const context =
    typeof error === 'object' && error !== null && 'context' in error ? error.context : undefined
  if (context instanceof Response) {
    const body = await context
      .clone()
      .json()
      .catch(() => undefined)
    const parsed = FunctionFailureSchema.safeParse(body)
    if (parsed.success && (parsed.data.error || parsed.data.provider_error)) return parsed.data
  }
  return {}
}

/** A 2xx answer can still carry `{ error }` (docs/product/site.md §7: "the response error field is checked"). */
export function errorInData(data: unknown): string | undefined {
  const parsed = FunctionFailureSchema.safeParse(data)
  return parsed.success ? parsed.data.error : undefined
}
