/**
 * Work the gateway starts without waiting for it (auth mails are sent after the reply, so an
 * unknown address answers as fast as a known one). Tracked so that shutdown can let it finish
 * before the database closes, and so a test can wait for it instead of sleeping.
 */
export class BackgroundTasks {
  readonly #pending = new Set<Promise<unknown>>()

  /** Tracks `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#pending.add(work)
    work.then(
      () => this.#pending.delete(work),
      () => this.#pending.delete(work),
    )
    return work
  }

  /** Resolves once every tracked piece of work (including work started meanwhile) has settled. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending])
  }
}
