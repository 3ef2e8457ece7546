import { protocol } from '@electric-sql/pglite'

/** One statement of a call into PostgreSQL, its parameters already in text form. */
export interface Step {
  sql: string
  params: (string | null)[]
}

/** How many statements stay prepared on PGlite's connection (each holds its plan in the database's memory). */
export const PREPARED_STATEMENTS_KEPT = 128

const SYNC = protocol.serialize.sync()

/**
 * The statements prepared on PGlite's one connection, by their text (decision 055). PostgreSQL
 * parses, analyses and plans a statement sent unnamed every time; one prepared under a name is
 * only bound and run, and PostgreSQL itself plans it again when what it depends on changes (a
 * table altered, the role or search_path different: row-level security is applied for the role of
 * each execution). A REST read on PGlite used about three times the database's CPU without it.
 *
 * A name is kept only once the call that prepared it succeeded: after an error PostgreSQL skips
 * the rest of the call, so whether a statement after it was prepared is unknown, and the names the
 * call tried are closed at the start of the next call (closing a name that does not exist is no
 * error in PostgreSQL's protocol). The least recently used statement is closed beyond `limit`.
 */
export class PreparedStatements {
  readonly #limit: number
  /** Statement text → its name, least recently used first. */
  readonly #names = new Map<string, string>()
  /** Names to close at the start of the next call. */
  #toClose: string[] = []
  #counter = 0

  constructor(limit = PREPARED_STATEMENTS_KEPT) {
    this.#limit = limit
  }

  /** How many statements are kept prepared. */
  get size(): number {
    return this.#names.size
  }

  /**
   * The protocol messages of `steps` and one Sync, as one buffer (extended query protocol: Parse
   * for a statement not yet prepared, then Bind, Describe, Execute for each); PostgreSQL runs them
   * in order in one call, and after an error skips to the Sync. Give the returned call to
   * `settle` with the outcome.
   */
  call(steps: Step[]): { bytes: Uint8Array; preparing: Map<string, string> } {
    const parts: Uint8Array[] = []
    for (const name of this.#toClose.splice(0)) parts.push(protocol.serialize.close({ type: 'S', name }))
    const preparing = new Map<string, string>()
    for (const step of steps) {
      let name = this.#names.get(step.sql)
      if (name !== undefined) {
        // Most recently used last.
        this.#names.delete(step.sql)
        this.#names.set(step.sql, name)
      } else {
        name = preparing.get(step.sql)
        if (name === undefined) {
          name = `gw_${++this.#counter}`
          preparing.set(step.sql, name)
          parts.push(protocol.serialize.parse({ name, text: step.sql }))
        }
      }
      parts.push(
        protocol.serialize.bind({ statement: name, values: step.params }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
      )
    }
    parts.push(SYNC)
    return { bytes: Buffer.concat(parts), preparing }
  }

  /**
   * Records the outcome of a call: its new statements are kept when it succeeded, and closed at
   * the next call when it failed. A statement whose plan can no longer give the result it was
   * prepared for (PostgreSQL's 0A000, "cached plan must not change result type", after a table
   * it reads changed) is a reason to prepare every statement again.
   */
  settle(call: { preparing: Map<string, string> }, error?: { code?: string }): void {
    if (error) {
      this.#toClose.push(...call.preparing.values())
      if (error.code === '0A000') this.forget()
      return
    }
    for (const [sql, name] of call.preparing) this.#names.set(sql, name)
    while (this.#names.size > this.#limit) {
      const [oldest, name] = this.#names.entries().next().value as [string, string]
      this.#names.delete(oldest)
      this.#toClose.push(name)
    }
  }

  /** Closes every prepared statement at the next call. */
  forget(): void {
    this.#toClose.push(...this.#names.values())
    this.#names.clear()
  }
}
