import { availableParallelism } from 'node:os'
import { isTrueWord } from '../setting-words.ts'

/**
 * PGLITE_WORKER (decisions 071, 072, 077): `auto`, the default, runs PGlite in a worker thread of
 * its own when the machine has more than one core to run it on and in the gateway's thread
 * otherwise (with one core the two threads only take turns, and the messages between them cost
 * more than they give); `true` and `false` force either. Unset or empty: the default, `auto`.
 */
export function pgliteWorkerFor(
  setting: string | boolean | undefined,
  cores = availableParallelism(),
): boolean {
  if (typeof setting === 'boolean') return setting
  if (setting === undefined || setting === '' || setting === 'auto') return cores > 1
  return isTrueWord(setting)
}
