#!/usr/bin/env bash
# The whole suite, as the README's test command runs it: typecheck, lint and format, unit and
# integration tests (PGlite, and PostgreSQL when available), then the browser stories.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

# The toolchain: Node 24 from the registry package in node_modules, not the machine's own Node.
node -e 'const [major] = process.versions.node.split("."); if (major !== "24" || !process.execPath.includes("node_modules")) { console.error(`Node 24 from node_modules expected, got ${process.version} at ${process.execPath}: run npm install first`); process.exit(1) }'

url=$(bash scripts/test-env.sh)
if [ -n "$url" ]; then export TEST_DATABASE_URL="$url"; fi
# In CI both database engines must run: no PostgreSQL is a failure, not a quiet PGlite-only pass.
if [ -n "${CI:-}" ] && [ "${CI}" != "false" ] && [ "${CI}" != "0" ] && [ -z "${TEST_DATABASE_URL:-}" ]; then
  echo "CI=${CI} but no PostgreSQL is available for the second half of the suite (see scripts/test-env.sh)" >&2
  exit 1
fi

echo "== typecheck"; npm run --silent typecheck
echo "== lint and format"; npm run --silent lint
echo "== unit and integration"; npm run --silent test:unit
echo "== build"; npm run --silent build >/dev/null
echo "== size budgets"; node scripts/check-budgets.ts
echo "== browser stories"; npm run --silent test:e2e
