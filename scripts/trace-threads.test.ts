import { describe, expect, it } from 'vitest'
import { type TraceEvent, threadReport } from './trace-threads-report.ts'

const meta = (pid: number, tid: number, process: string, thread: string): TraceEvent[] => [
  { name: 'process_name', ph: 'M', pid, tid, ts: 0, args: { name: process } },
  { name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name: thread } },
]
const task = (pid: number, tid: number, atMs: number, wallMs: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts: 1_000_000 + atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
})

const trace: TraceEvent[] = [
  ...meta(1, 10, 'Renderer', 'CrRendererMain'),
  ...meta(1, 11, 'Renderer', 'Compositor'),
  ...meta(1, 12, 'Renderer', 'ThreadPoolForegroundWorker'),
  ...meta(2, 20, 'GPU Process', 'VizCompositorThread'),
  {
    name: 'navigationStart',
    ph: 'R',
    pid: 1,
    tid: 10,
    ts: 1_000_000,
    args: { data: { documentLoaderURL: 'http://127.0.0.1:1/tenant/dashboard' } },
  },
  task(2, 20, -50, 9, 8), // before the navigation: not counted
  task(2, 20, 100, 9, 8),
  task(2, 20, 116, 8, 7),
  task(2, 20, 132, 1, 0.3), // an idle wake-up, not a frame
  task(1, 10, 200, 40, 15),
  task(1, 10, 260, 12, 12), // under 12.5 ms wall
  task(1, 11, 300, 3, 2),
  {
    name: 'Animation',
    ph: 'b',
    pid: 1,
    tid: 10,
    ts: 1_150_000,
    args: { data: { displayName: 'pulse', nodeName: "DIV class='animate-pulse'" } },
  },
  {
    name: 'BackgroundJSStreamManager::RunScriptStreamingTask',
    ph: 'X',
    pid: 1,
    tid: 12,
    ts: 1_120_000,
    dur: 5000,
    tdur: 4000,
  },
  task(2, 20, 6000, 9, 8), // after the window
]

describe('trace threads report', () => {
  it('counts compositor frames, animations, CPU per thread and long main-thread tasks from the navigation on', () => {
    const r = threadReport(trace, 5000, '/tenant/dashboard')
    expect(r.vizFrames).toBe(2)
    expect(r.vizSpan).toEqual([100, 116])
    expect(r.animations).toEqual({ "pulse DIV class='animate-pulse'": 1 })
    expect(r.cpuByThread).toEqual({
      'GPU Process/VizCompositorThread': 15.3,
      'Renderer/CrRendererMain': 27,
      'Renderer/Compositor': 2,
      'Renderer/ThreadPoolForegroundWorker (script streaming)': 4,
    })
    expect(r.longTasks).toEqual([{ at: 200, wall: 40, cpu: 15 }])
  })

  it('refuses a trace without the navigation asked for', () => {
    expect(() => threadReport(trace, 5000, '/stores')).toThrow('no navigationStart')
  })
})
