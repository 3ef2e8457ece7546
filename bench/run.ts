import { readdirSync } from 'node:fs'

/**
 * `npm run bench`: runs every scenario in bench/scenarios/ (or those named on the command line),
 * one after another on this machine. Each scenario measures its subject against a baseline in the
 * same run and prints ratios, never absolute pass/fail timings.
 *
 * A scenario file exports `default async function run(): Promise<void>` and prints its own table.
 */
const dir = new URL('./scenarios/', import.meta.url)
const wanted = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort()

if (files.length === 0) {
  console.log('No benchmark scenarios found.')
}
for (const file of files) {
  console.log(`\n=== ${file.replace(/\.ts$/, '')}`)
  const scenario = (await import(new URL(file, dir).href)) as { default: () => Promise<void> }
  await scenario.default()
}
