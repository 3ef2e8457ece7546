/**
 * Reads a request body into memory, refusing it with the caller's `tooLarge(limitBytes)` as soon as
 * it passes `limitBytes`: a declared Content-Length over the limit before reading, a body without
 * one (chunked) while it streams, so an oversized upload never fills memory.
 */
export async function readLimitedBody(
  req: Request,
  limitBytes: number,
  tooLarge: (limitBytes: number) => Error,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(req.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes)
  if (!req.body) return undefined
  const reader = req.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limitBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(limitBytes)
    }
    chunks.push(value)
  }
  const body = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}
