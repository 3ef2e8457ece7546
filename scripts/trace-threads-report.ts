/**
 * Reads a Lighthouse trace (`node scripts/lighthouse.ts --save-assets`) thread by thread (decision
 * 056): the frames the GPU process's compositor drew, the animations the page started (and on which
 * element), the CPU each thread used, and the renderer main thread's tasks of 12.5 ms wall or more
 * (what Lighthouse multiplies by 4 into Total Blocking Time). Counts and CPU, not wall time, are what
 * stay comparable on a shared machine.
 */

export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: {
    name?: string
    /** A Screenshot event's JPEG, base64. */
    snapshot?: string
    data?: { nodeName?: string; displayName?: string; documentLoaderURL?: string }
  }
}

export interface ThreadReport {
  /** Compositor frames drawn by the GPU process (VizCompositorThread tasks over 2 ms of CPU). */
  vizFrames: number
  /** First and last frame, ms after the page's navigation start. */
  vizSpan?: [number, number]
  /** Animations the page started, by animation name and element (`pulse DIV class='…'`). */
  animations: Record<string, number>
  /**
   * CPU in ms per thread (`Process/Thread`), summed over its top-level tasks; for worker threads,
   * `Process/Thread (script streaming)` and `(raster)` sum V8's streaming and the raster tasks.
   */
  cpuByThread: Record<string, number>
  /** The audited renderer's main-thread tasks of 12.5 ms wall or more. */
  longTasks: { at: number; wall: number; cpu: number }[]
}

/** A frame of software compositing costs 5–13 ms of CPU here; idle wake-ups cost well under 2. */
const FRAME_CPU_US = 2000
const LONG_TASK_US = 12_500
const WORKER_TASKS: Record<string, string> = {
  'BackgroundJSStreamManager::RunScriptStreamingTask': 'script streaming',
  RasterTask: 'raster',
}

export function threadReport(events: TraceEvent[], windowMs = 5000, pathHint = ''): ThreadReport {
  const threads = new Map<string, string>()
  const processes = new Map<number, string>()
  for (const e of events) {
    if (e.name === 'thread_name' && e.args?.name) threads.set(`${e.pid}:${e.tid}`, e.args.name)
    if (e.name === 'process_name' && e.args?.name) processes.set(e.pid, e.args.name)
  }
  const navigations = events.filter(
    (e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').includes(pathHint),
  )
  const nav = navigations.at(-1)
  if (!nav) throw new Error('no navigationStart in the trace')
  const t0 = nav.ts
  const end = t0 + windowMs * 1000
  const inWindow = (e: TraceEvent) => e.ts >= t0 && e.ts <= end
  const threadOf = (e: TraceEvent) =>
    `${processes.get(e.pid) ?? e.pid}/${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`
  const ms = (us: number) => Math.round(us / 100) / 10

  const cpuByThread: Record<string, number> = {}
  const frames: number[] = []
  const longTasks: ThreadReport['longTasks'] = []
  const animations: Record<string, number> = {}
  for (const e of events) {
    if (!inWindow(e)) continue
    if (e.name === 'Animation' && e.ph === 'b') {
      const key = `${e.args?.data?.displayName ?? '?'} ${e.args?.data?.nodeName ?? '?'}`
      animations[key] = (animations[key] ?? 0) + 1
    }
    if (e.ph !== 'X') continue
    // Worker threads have no RunTask around their work: V8's script streaming and raster are named.
    const worker = WORKER_TASKS[e.name]
    if (worker) {
      const key = `${threadOf(e)} (${worker})`
      cpuByThread[key] = (cpuByThread[key] ?? 0) + (e.tdur ?? 0)
    }
    if (e.name !== 'RunTask') continue
    const thread = threadOf(e)
    cpuByThread[thread] = (cpuByThread[thread] ?? 0) + (e.tdur ?? 0)
    if (threads.get(`${e.pid}:${e.tid}`) === 'VizCompositorThread' && (e.tdur ?? 0) > FRAME_CPU_US)
      frames.push(ms(e.ts - t0))
    if (e.pid === nav.pid && e.tid === nav.tid && (e.dur ?? 0) >= LONG_TASK_US)
      longTasks.push({ at: ms(e.ts - t0), wall: ms(e.dur ?? 0), cpu: ms(e.tdur ?? 0) })
  }
  for (const k of Object.keys(cpuByThread)) cpuByThread[k] = ms(cpuByThread[k])
  frames.sort((a, b) => a - b)
  return {
    vizFrames: frames.length,
    vizSpan: frames.length > 0 ? [frames[0], frames[frames.length - 1]] : undefined,
    animations,
    cpuByThread,
    longTasks,
  }
}
