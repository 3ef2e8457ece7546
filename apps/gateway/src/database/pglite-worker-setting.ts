import { availableParallelism } from 'node:os'

/**
 * PGLITE_WORKER (decisions 071, 072): `true` runs PGlite in a worker thread of its own, `false` in
 * the gateway's thread, and `auto` (the default) the worker when the machine has more than one
 * core to run it on, the gateway's thread otherwise (with one core the two threads only take turns,
 * and the messages between them cost more than they give).
 */
export function pgliteWorkerFor(
  setting: string | boolean | undefined,
  cores = availableParallelism(),
): boolean {
  if (typeof setting === 'boolean') return setting
  if (setting === undefined || setting === '' || setting === 'auto') return cores > 1
  return ['true', '1', 'yes', 'on'].includes(setting)
}
