#!/usr/bin/env bash
# Makes sure what the test suite needs is on this machine: Debian's Chromium for Playwright and a
# running PostgreSQL for the second database driver. Installs them with apt-get when missing and
# possible (root on Debian); otherwise says in one line what to install. Prints the
# TEST_DATABASE_URL to use on its last line (empty when PostgreSQL is not available).
set -euo pipefail

log() { echo "[test-env] $*" >&2; }
have_pg() { ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
have_pg || need+=(postgresql)

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing ${need[*]} from Debian's packages (once)"
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >&2
  else
    log "missing: ${need[*]} — install with: sudo apt-get install -y ${need[*]}"
  fi
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "$TEST_DATABASE_URL"
  exit 0
fi
if ! have_pg; then
  echo ""
  exit 0
fi

# Use the distribution's cluster: start it if needed, give postgres a known local password.
version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if command -v pg_lsclusters >/dev/null 2>&1; then
  if ! pg_lsclusters -h | grep -q "^$version main"; then
    log "creating PostgreSQL $version cluster"
    pg_createcluster "$version" main >&2
  fi
  if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
    log "starting PostgreSQL $version"
    pg_ctlcluster "$version" main start >&2
  fi
  port=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $3}')
  password=genesis-test
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- psql -q -p "$port" -c "alter user postgres password '$password'" >&2
  fi
  echo "postgres://postgres:$password@127.0.0.1:$port/postgres"
else
  echo ""
fi
