/**
 * Counts the lines of the gateway's request plumbing (issue 16: "the lines of the gateway's request
 * plumbing shrink"), at one or more git revisions, or in the working tree when none is given:
 *   node scripts/count-plumbing.ts 623dddd^ HEAD
 * The plumbing is every file, tests excluded, whose path matches PLUMBING: the shared readers and
 * errors under apps/gateway/src/http/, and each service's error catalogue, error renderer and body
 * reader. The same patterns apply at every revision, so files that were renamed or folded together
 * keep counting. It also prints the lines of all of apps/gateway/src (tests excluded), so lines moved
 * out of the counted files into others would show there instead of vanishing.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const PLUMBING = [
  /^apps\/gateway\/src\/http\/(json-body|read-limited-body|request-info|service-error|gateway-env)\.ts$/,
  /^apps\/gateway\/src\/services\/[^/]+\/(errors|realtime-errors|render-error|json-body|request-input|read-payload)\.ts$/,
]
const isSource = (path: string) => /^apps\/gateway\/src\/.*\.ts$/.test(path) && !/\.test\.ts$/.test(path)

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0)

function measure(rev: string | undefined) {
  const paths = (
    rev ? git('ls-tree', '-r', '--name-only', rev, 'apps/gateway/src') : git('ls-files', 'apps/gateway/src')
  )
    .split('\n')
    .filter(isSource)
  const read = (path: string) => (rev ? git('show', `${rev}:${path}`) : readFileSync(path, 'utf8'))
  const files = paths
    .filter((path) => PLUMBING.some((re) => re.test(path)))
    .map((path) => ({ path, n: lines(read(path)) }))
  const gateway = paths.reduce((sum, path) => sum + lines(read(path)), 0)
  return { files, plumbing: files.reduce((sum, f) => sum + f.n, 0), gateway }
}

const revs = process.argv.slice(2)
for (const rev of revs.length ? revs : [undefined]) {
  const { files, plumbing, gateway } = measure(rev)
  console.log(`\n${rev ?? 'working tree'}`)
  for (const f of files) console.log(`${String(f.n).padStart(6)}  ${f.path}`)
  console.log(`${String(plumbing).padStart(6)}  request plumbing (${files.length} files)`)
  console.log(`${String(gateway).padStart(6)}  all of apps/gateway/src, tests excluded`)
}
