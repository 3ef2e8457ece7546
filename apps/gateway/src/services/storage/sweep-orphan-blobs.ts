import type { Deps } from '../../deps.ts'

const BATCH = 500

/**
 * Removes blobs that no `storage.objects` row points to, and leftovers of interrupted writes. Only
 * files older than `graceMs` are considered, so an upload whose bytes are in place but whose row is
 * not yet committed is never touched. Runs as the gateway (it reconciles storage, it acts for no
 * caller). See docs/decisions/005-storage-blobs-keyed-by-version.md.
 */
export async function sweepOrphanBlobs(
  deps: Pick<Deps, 'db' | 'blobStore'>,
  options: { graceMs?: number; now?: Date } = {},
): Promise<{ orphans: number; incomplete: number }> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? 3600_000))
  const incomplete = await deps.blobStore.removeIncomplete(cutoff)
  let orphans = 0
  let batch: string[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const { rows } = await deps.db.query<{ version: string }>(
      'select version from storage.objects where version = any($1::text[])',
      [batch],
    )
    const live = new Set(rows.map((r) => r.version))
    for (const key of batch) {
      if (live.has(key)) continue
      await deps.blobStore.delete(key)
      orphans += 1
    }
    batch = []
  }
  for await (const blob of deps.blobStore.list()) {
    if (blob.modifiedAt >= cutoff) continue
    batch.push(blob.key)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  return { orphans, incomplete }
}
