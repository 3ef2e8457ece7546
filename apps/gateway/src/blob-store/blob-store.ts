/** A byte range, both ends inclusive, already checked against the blob's size. */
export interface ByteRange {
  start: number
  end: number
}

export interface StoredBlob {
  size: number
  /** Hex MD5 of the bytes, the object's ETag (as supabase/storage and S3 report it). */
  md5: string
}

/** Thrown by `put` as soon as the bytes passed `maxBytes`; nothing of the blob remains. */
export class BlobTooLargeError extends Error {
  readonly maxBytes: number
  constructor(maxBytes: number) {
    super(`blob exceeds ${maxBytes} bytes`)
    this.maxBytes = maxBytes
  }
}

/**
 * Where object bytes live. Keys are opaque ids chosen by the storage service (never a user's
 * path), so an implementation can map them to files or S3 keys without escaping its root.
 * A blob is visible under its key only once it is complete.
 */
export interface BlobStore {
  /** Streams `body` into a new blob; aborts (and leaves nothing) once it exceeds `maxBytes` or `body` fails. */
  put(key: string, body: AsyncIterable<Uint8Array>, options: { maxBytes: number }): Promise<StoredBlob>
  /** The blob's bytes (optionally a range), or undefined when there is no such blob. */
  get(
    key: string,
    range?: ByteRange,
  ): Promise<{ size: number; stream: ReadableStream<Uint8Array> } | undefined>
  /** Size of the blob, or undefined when there is none. */
  stat(key: string): Promise<{ size: number } | undefined>
  exists(key: string): Promise<boolean>
  /** Copies a complete blob to a new key, atomically like `put`. */
  copy(fromKey: string, toKey: string): Promise<void>
  /** Removes the blob; a missing blob is not an error. */
  delete(key: string): Promise<void>
  /** Every complete blob with its last write time (for sweeping orphans). */
  list(): AsyncIterable<{ key: string; modifiedAt: Date }>
  /**
   * True when the store holds nothing at all: no blob, no leftover of an interrupted write, no
   * other file or object (a restore writes only into an empty store, decision 030).
   */
  isEmpty(): Promise<boolean>
  /** Removes what interrupted writes left behind (a crash mid-`put`) before `olderThan`; returns how many. */
  removeIncomplete(olderThan: Date): Promise<number>
}

/**
 * A web stream over an async iterable that pulls only when read (high-water mark 0), so a response
 * body nobody reads never opens its file or its connection; cancelling it stops the iterable.
 */
export function webStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]()
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const step = await iterator.next()
        if (step.done) controller.close()
        else controller.enqueue(step.value)
      },
      async cancel() {
        await iterator.return?.()
      },
    },
    { highWaterMark: 0 },
  )
}
