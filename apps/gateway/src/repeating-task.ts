/**
 * Housekeeping that runs at once and then every `everyMs`, in the background: its timer never keeps
 * the process alive, and `work` reports its own failures (a failed round is tried again at the next
 * one). Starting twice starts it once; `stop()` ends the repeats (a round under way finishes).
 */
export class RepeatingTask {
  readonly #work: () => Promise<void>
  readonly #everyMs: number
  #timer: NodeJS.Timeout | undefined

  constructor(work: () => Promise<void>, everyMs: number) {
    this.#work = work
    this.#everyMs = everyMs
  }

  get running(): boolean {
    return this.#timer !== undefined
  }

  start(): void {
    if (this.#timer) return
    this.#timer = setInterval(() => void this.#work(), this.#everyMs)
    this.#timer.unref()
    void this.#work()
  }

  stop(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
