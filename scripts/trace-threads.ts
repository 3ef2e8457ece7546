/**
 * Prints, for each Lighthouse trace given, what every thread did during the load (decision 056):
 * the compositor frames the GPU process drew and when, the animations the page started and on
 * which elements, the CPU per thread (the renderer's main and compositor threads, the GPU process's
 * VizCompositorThread, the browser's main thread, V8's streaming workers) and the renderer main
 * thread's tasks of 12.5 ms wall or more with their CPU.
 *
 *   node scripts/lighthouse.ts --no-build --paths=/tenant/dashboard --save-assets
 *   node scripts/trace-threads.ts [--window=5000] [--path=/tenant/dashboard] .data/lighthouse/*.trace.json
 */
import { readFileSync } from 'node:fs'
import { type TraceEvent, threadReport } from './trace-threads-report.ts'

const args = process.argv.slice(2)
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const windowMs = Number(option('window') ?? 5000)
const files = args.filter((a) => !a.startsWith('--'))
if (files.length === 0) {
  console.error('usage: node scripts/trace-threads.ts [--window=5000] [--path=/x] TRACE.json …')
  process.exit(2)
}
for (const file of files) {
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const events = (
    Array.isArray(json) ? json : (json as { traceEvents: TraceEvent[] }).traceEvents
  ) as TraceEvent[]
  const r = threadReport(events, windowMs, option('path') ?? '')
  const long = r.longTasks
  const sum = (k: 'wall' | 'cpu') => Math.round(long.reduce((s, t) => s + t[k], 0))
  console.log(`\n${file}`)
  console.log(
    `  viz frames ${r.vizFrames}${r.vizSpan ? ` (${r.vizSpan[0]}–${r.vizSpan[1]} ms)` : ''}; animations started ${Object.values(r.animations).reduce((s, n) => s + n, 0)}`,
  )
  for (const [what, n] of Object.entries(r.animations)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8))
    console.log(`    ${n}× ${what}`)
  console.log(
    `  renderer main tasks ≥ 12.5 ms wall: ${long.length}, CPU ${sum('cpu')} ms, wall ${sum('wall')} ms`,
  )
  console.log('  CPU by thread (ms, first', windowMs, 'ms):')
  for (const [thread, cpu] of Object.entries(r.cpuByThread)
    .filter(([, cpu]) => cpu >= 5)
    .sort((a, b) => b[1] - a[1]))
    console.log(`    ${String(Math.round(cpu)).padStart(6)}  ${thread}`)
}
