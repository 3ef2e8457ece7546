import { availableParallelism } from 'node:os'
import { isTrueWord } from '../setting-words.ts'

/**
 * PGLITE_WORKER (decisions 071, 072): `true` runs PGlite in a worker thread of its own, `false` in
 * the gateway's thread (the default while the worker has no memory margin under item 5's 250 MB,
 * decision 072), and `auto` the worker when the machine has more than one core to run it on, the
 * gateway's thread otherwise (with one core the two threads only take turns, and the messages
 * between them cost more than they give). Unset or empty: the default, `false`.
 */
export function pgliteWorkerFor(
  setting: string | boolean | undefined,
  cores = availableParallelism(),
): boolean {
  if (typeof setting === 'boolean') return setting
  if (setting === undefined || setting === '') return false
  if (setting === 'auto') return cores > 1
  return isTrueWord(setting)
}
