const renewals = new WeakMap<object, () => Promise<void>>()

/** Called by a PGlite driver (pglite.ts, pglite-worker.ts) for a database it can reopen on its folder. */
export function registerRenewal(db: object, renew: () => Promise<void>): void {
  renewals.set(db, renew)
}

/**
 * Closes the embedded database of `db` and opens it again on the same folder (decision 076):
 * PostgreSQL's WebAssembly memory never shrinks, so a first start's migrations and seed would
 * leave their high-water mark resident for good. In the gateway's thread the PGlite is created
 * again under the driver's lock; in worker mode a new thread replaces the old one. Either refuses
 * (throws) while the database is in use. `false`: not a PGlite with a folder (PostgreSQL, or in
 * memory: nothing to reopen).
 */
export async function renewDatabase(db: object): Promise<boolean> {
  const renew = renewals.get(db)
  if (!renew) return false
  await renew()
  return true
}
