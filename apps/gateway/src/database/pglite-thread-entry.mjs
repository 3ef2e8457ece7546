// The PGlite thread's entry (pglite-worker.ts, decision 072), plain JavaScript: the gateway's
// thread hands over the thread's own TypeScript modules with their types already removed, and
// this hook serves them, so that the thread never starts Node's TypeScript stripper (some 12 MB
// of resident memory per thread). A module not handed over loads as usual.
import { registerHooks } from 'node:module'
import { workerData } from 'node:worker_threads'

const sources = new Map(Object.entries(workerData.sources ?? {}))
if (sources.size > 0) {
  registerHooks({
    load(url, context, nextLoad) {
      const source = sources.get(url)
      if (source === undefined) return nextLoad(url, context)
      return { format: 'module', source, shortCircuit: true }
    },
  })
}
await import(workerData.main)
