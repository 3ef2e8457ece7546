import { subscribe } from 'node:diagnostics_channel'
import { readFileSync } from 'node:fs'
import { getHeapSpaceStatistics } from 'node:v8'
import type { Worker } from 'node:worker_threads'

/**
 * Preloaded into a gateway by `npm run bench footprint` (`node --import …/memory-probe.ts`): answers a
 * `memory` message on the IPC channel with where the process's resident memory is (issue 19 item 5).
 * It keeps every WebAssembly.Memory made in the process (PGlite's linear memory: it grows and never
 * shrinks) to report its size, and reads /proc/self/smaps for the resident part of each kind of
 * mapping. It changes nothing in the gateway and costs nothing until asked.
 *
 * Worker threads (PGlite's, decision 071) have V8 heaps of their own that the process's
 * `getHeapSpaceStatistics()` does not include: the probe hears of each thread the process starts
 * (Node's `worker_threads` diagnostics channel) and asks it for its heap (`worker.getHeapStatistics()`).
 */
const MB = 1024 * 1024
const workers = new Set<Worker>()
subscribe('worker_threads', (message) => {
  const { worker } = message as { worker: Worker }
  workers.add(worker)
  worker.once('exit', () => workers.delete(worker))
})
const memories = new Set<WeakRef<WebAssembly.Memory>>()
const NativeMemory = WebAssembly.Memory
WebAssembly.Memory = new Proxy(NativeMemory, {
  construct(target, args) {
    const memory = Reflect.construct(target, args) as WebAssembly.Memory
    memories.add(new WeakRef(memory))
    return memory
  },
})
const keepExported = (instance: WebAssembly.Instance) => {
  for (const value of Object.values(instance.exports)) {
    if (value instanceof NativeMemory) memories.add(new WeakRef(value))
  }
}
const instantiate = WebAssembly.instantiate.bind(WebAssembly)
WebAssembly.instantiate = (async (...args: Parameters<typeof WebAssembly.instantiate>) => {
  const result = (await instantiate(...args)) as
    | WebAssembly.Instance
    | WebAssembly.WebAssemblyInstantiatedSource
  keepExported(result instanceof WebAssembly.Instance ? result : result.instance)
  return result
}) as typeof WebAssembly.instantiate

interface Mapping {
  start: number
  end: number
  perms: string
  name: string
  rss: number
}

function readMappings(): Mapping[] {
  const mappings: Mapping[] = []
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line)
    if (head) {
      const [, start, end, perms, name] = head
      mappings.push({ start: Number.parseInt(start, 16), end: Number.parseInt(end, 16), perms, name, rss: 0 })
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss && mappings.length > 0) mappings[mappings.length - 1].rss += Number(rss[1]) / 1024
  }
  return mappings
}

/**
 * Resident memory by kind of mapping (MB). A WebAssembly memory is the accessible start of a
 * reservation of 8 GiB and more (its guard region follows it, inaccessible).
 */
function residentByMapping(wasmSizes: number[]) {
  const kinds: Record<string, number> = {}
  const mappings = readMappings()
  mappings.forEach((m, i) => {
    const next = mappings[i + 1]
    const size = m.end - m.start
    let kind: string
    if (m.name.endsWith('/node') || m.name.includes('/bin/node')) kind = 'node binary'
    else if (m.name.startsWith('/')) kind = 'other files'
    else if (m.name === '[heap]') kind = 'C heap (brk)'
    else if (m.name.startsWith('[stack')) kind = 'stacks'
    else if (m.name) kind = 'other named'
    else if (
      m.perms.startsWith('rw') &&
      (wasmSizes.includes(size) ||
        (next?.start === m.end && next.perms.startsWith('---') && next.end - next.start >= 4 * 1024 * MB))
    )
      kind = 'WebAssembly memory'
    else if (m.perms.includes('x')) kind = 'anonymous executable (compiled code)'
    else kind = 'anonymous (V8 heap, malloc arenas, thread stacks)'
    kinds[kind] = (kinds[kind] ?? 0) + m.rss
  })
  return kinds
}

/** Each running worker thread's V8 heap (MB): committed (resident), used, external. */
async function workerHeaps() {
  const heaps: { committed: number; used: number; external: number; malloced: number }[] = []
  for (const worker of workers) {
    try {
      const h = await worker.getHeapStatistics()
      heaps.push({
        committed: h.total_physical_size / MB,
        used: h.used_heap_size / MB,
        external: h.external_memory / MB,
        malloced: h.malloced_memory / MB,
      })
    } catch {
      // The thread ended while it was asked.
    }
  }
  return heaps
}

async function report() {
  const threads = await workerHeaps()
  const usage = process.memoryUsage()
  const sizes: number[] = []
  for (const ref of memories) {
    const memory = ref.deref()
    if (!memory) memories.delete(ref)
    else sizes.push(memory.buffer.byteLength)
  }
  const wasm = sizes.reduce((a, b) => a + b, 0)
  const count = sizes.length
  const round = (n: number) => Math.round(n)
  return {
    rss: round(usage.rss / MB),
    heapUsed: round(usage.heapUsed / MB),
    heapTotal: round(usage.heapTotal / MB),
    external: round(usage.external / MB),
    arrayBuffers: round(usage.arrayBuffers / MB),
    wasmMemories: count,
    wasmBytes: round(wasm / MB),
    /** Committed MB of each V8 heap space (old, code, large objects, new…). */
    spaces: Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [
        space.space_name.replace(/_space$/, ''),
        round(space.physical_space_size / MB),
      ]),
    ),
    mappings: Object.fromEntries(Object.entries(residentByMapping(sizes)).map(([k, v]) => [k, round(v)])),
    /** Worker threads' V8 heaps, MB (their WebAssembly memory is counted by mapping above). */
    workers: threads.map((h) => ({
      committed: round(h.committed),
      used: round(h.used),
      external: round(h.external),
      malloced: round(h.malloced),
    })),
  }
}

process.on('message', (message) => {
  if (message === 'memory') void report().then((memory) => process.send?.({ memory }))
})
// The IPC channel must not keep an otherwise finished gateway alive.
process.channel?.unref()
