import { spawn } from 'node:child_process'

// `npm run dev`: the gateway (restarting on change) on :8080 and Vite with hot reload on :5173,
// which proxies the service prefixes to the gateway.
const children = [
  spawn(
    process.execPath,
    ['--watch-path=apps/gateway/src', '--watch-path=supabase', 'apps/gateway/src/main.ts'],
    {
      stdio: 'inherit',
    },
  ),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
