#!/usr/bin/env bash
# The API suite on PostgreSQL 15 (decision 021). With TEST_DATABASE_URL set it runs against that
# server; otherwise it starts a throwaway cluster (scripts/pg-cluster.sh), runs the suite on it and
# stops it, whatever the outcome. Missing PostgreSQL 15 binaries are installed with apt-get when
# this runs as root on a machine that has it (Debian's `postgresql`; 15 on bookworm). Arguments go to vitest (e.g. one test file).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

run_suite() {
  cd "$root/apps/api"
  TEST_DATABASE_URL="$1" npx vitest run "${@:2}"
}

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  run_suite "$TEST_DATABASE_URL" "$@"
  exit
fi

have_postgres() {
  [ -n "${PG_BIN:-}" ] && return 0
  for candidate in /usr/lib/postgresql/*/bin/initdb; do [ -x "$candidate" ] && return 0; done
  command -v initdb >/dev/null 2>&1
}

if ! have_postgres; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing PostgreSQL 15 for the API suite on PostgreSQL…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql) >/dev/null
  else
    echo "The API suite on PostgreSQL needs PostgreSQL 15: install Debian's 'postgresql' package (as root: apt-get install -y postgresql), set PG_BIN to its bin folder, or set TEST_DATABASE_URL to a server of your own." >&2
    exit 1
  fi
fi

# The cluster's folder must be reachable by its unprivileged owner: mktemp makes a private one.
parent="$(mktemp -d "${TMPDIR:-/tmp}/tearoom-pg-XXXXXX")"
chmod 755 "$parent"
cluster="$parent/cluster"
stop_cluster() {
  "$root/scripts/pg-cluster.sh" stop "$cluster" || true
  rm -rf "$parent"
}
trap stop_cluster EXIT
url="$("$root/scripts/pg-cluster.sh" start "$cluster" "${PG_TEST_PORT:-54329}")"
echo "API suite on PostgreSQL at $url"
run_suite "$url" "$@"
