/** A first-in, first-out async lock: callers run one at a time, in the order they asked. */
export class Mutex {
  #tail: Promise<unknown> = Promise.resolve()

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn, fn)
    // The queue continues whether this caller succeeded or failed.
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    )
    return result
  }
}
