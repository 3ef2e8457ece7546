import type { Deps } from '../../deps.ts'

/** Deletes blobs whose rows are gone (after the commit); a failure only leaves an orphan, logged. */
export async function removeBlobs(deps: Deps, versions: readonly (string | null)[]): Promise<void> {
  for (const version of versions) {
    if (!version) continue
    try {
      await deps.blobStore.delete(version)
    } catch (error) {
      deps.logger.warn({ err: error, version }, 'could not delete a blob whose row is gone')
    }
  }
}
