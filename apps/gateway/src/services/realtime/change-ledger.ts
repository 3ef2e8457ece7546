/** A captured change as the catch-up sees it: its id and when it was captured (ms, database clock). */
export interface CapturedChange {
  id: number
  capturedAt: number
}

/**
 * What the change feed of this process has already accounted for, so that after a lost LISTEN
 * connection it can catch up exactly: no change missed, none handed on twice. No I/O.
 *
 * Change ids are allocated when a row changes, not when its transaction commits, so "every id
 * above the last one seen" would miss a transaction that took a lower id and committed while the
 * feed was deaf. Instead the ledger remembers every id it has handed on, and the catch-up reads
 * every change still kept (realtime.changes holds only the retention window) and takes the ones
 * not yet accounted for. Changes that already existed when the feed first listened (committed
 * before any subscriber was there) are accounted for too, as the baseline, but only for catch-up:
 * a notification for one of them still delivers it (it committed just after LISTEN).
 *
 * Memory is bounded by the retention window: `forgetBefore(horizon)` drops entries captured
 * before the horizon, and the catch-up considers only changes captured at or after it.
 */
export class ChangeLedger {
  readonly #handedOn = new Map<number, number>()
  readonly #baseline = new Map<number, number>()
  #horizon = 0

  /** Changes captured before this instant (ms) are no longer tracked, nor caught up. */
  get horizon(): number {
    return this.#horizon
  }

  /** How many ids are remembered (handed on, baseline). */
  get size(): { handedOn: number; baseline: number } {
    return { handedOn: this.#handedOn.size, baseline: this.#baseline.size }
  }

  /** The highest id handed on so far (0 when none): the edge of a gap, when one is reported. */
  get lastHandedOnId(): number {
    let last = 0
    for (const id of this.#handedOn.keys()) if (id > last) last = id
    return last
  }

  /** Records the changes that existed when the feed first listened: never caught up. */
  setBaseline(existing: readonly CapturedChange[]): void {
    for (const { id, capturedAt } of existing) {
      if (capturedAt >= this.#horizon) this.#baseline.set(id, capturedAt)
    }
  }

  wasHandedOn(id: number): boolean {
    return this.#handedOn.has(id)
  }

  markHandedOn(id: number, capturedAt: number): void {
    if (capturedAt >= this.#horizon) this.#handedOn.set(id, capturedAt)
  }

  /** The ids to catch up, in id order: kept, not handed on, not in the baseline. */
  selectCatchUp(kept: readonly CapturedChange[]): number[] {
    return selectCatchUp(kept, this.#horizon, (id) => this.#handedOn.has(id) || this.#baseline.has(id))
  }

  /** Forgets what was captured before `horizon` (ms); the horizon never moves back. */
  forgetBefore(horizon: number): void {
    if (!(horizon > this.#horizon)) return
    this.#horizon = horizon
    for (const map of [this.#handedOn, this.#baseline]) {
      for (const [id, capturedAt] of map) if (capturedAt < horizon) map.delete(id)
    }
  }
}

/**
 * The catch-up selection: changes captured at or after `horizon` that are not `accounted` for,
 * each once, in id order (the best order available for changes whose notifications were missed:
 * ids follow the order rows changed, which is commit order unless transactions overlapped).
 */
export function selectCatchUp(
  kept: readonly CapturedChange[],
  horizon: number,
  accounted: (id: number) => boolean,
): number[] {
  const ids = new Set<number>()
  for (const { id, capturedAt } of kept) {
    if (capturedAt >= horizon && !accounted(id)) ids.add(id)
  }
  return [...ids].sort((a, b) => a - b)
}
