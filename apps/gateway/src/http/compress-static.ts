import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip'

/** Text types worth compressing; images and fonts are already compressed. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/
/** Below this a compressed body saves less than the headers and CPU cost. */
const MIN_BYTES = 1024

export function isCompressible(contentType: string, size: number): boolean {
  return size >= MIN_BYTES && COMPRESSIBLE.test(contentType)
}

/**
 * The best encoding the client accepts (Accept-Encoding with q-values): brotli, then gzip, else
 * none. `identity;q=0` is not honoured specially: an uncompressed answer is always allowed.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    accepted.set(token.trim(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return undefined
}

/**
 * Compressed copies of served files, made once per file version and kept in memory: the built app
 * is a bounded set of files, and hashed assets never change. Keyed by path, size and mtime so a
 * rebuild in place is picked up.
 */
/** Enough for every compressible file of a build, and a window of recently rendered pages. */
const MAX_ENTRIES = 512

export class CompressionCache {
  readonly #entries = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()

  get(key: string, encoding: Encoding, body: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
    const cacheKey = `${encoding}:${key}`
    let entry = this.#entries.get(cacheKey)
    if (!entry) {
      entry = compress(encoding, body)
      // A failed compression is not cached, so the next request tries again.
      entry.catch(() => this.#entries.delete(cacheKey))
      this.#entries.set(cacheKey, entry)
      // Pages rendered on request each have their own key: the oldest entries make way.
      if (this.#entries.size > MAX_ENTRIES) {
        const oldest = this.#entries.keys().next().value
        if (oldest !== undefined) this.#entries.delete(oldest)
      }
    }
    return entry
  }
}

/** Compresses a body (brotli at quality 9, gzip at 9), off the main thread. */
export async function compress(
  encoding: Encoding,
  body: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 9 })
  // Quality 9 is within a few per cent of 11 at a fraction of the time, and runs off the main thread.
  return brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
}
