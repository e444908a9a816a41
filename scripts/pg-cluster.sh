#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests (decision 021).
#
#   scripts/pg-cluster.sh start [dir] [port]   creates and starts it; prints its URL on stdout
#   scripts/pg-cluster.sh stop  [dir]          stops it and deletes it
#
# The cluster lives in a temporary folder (default: $TMPDIR/tearoom-pg), listens on 127.0.0.1 only
# (default port 54329) with trust authentication for that address alone, and runs as an
# unprivileged user: the caller, or, when run as root, the system user `tearoom-pg` (created if
# missing), since PostgreSQL refuses to run as root. The database `tearoom` is created with the C
# collation, so text sorts and compares as SQLite's does.
set -euo pipefail

command_name="${1:-}"
dir="${2:-${TMPDIR:-/tmp}/tearoom-pg}"
port="${3:-54329}"
user_name="tearoom-pg"

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then echo "$PG_BIN"; return; fi
  for candidate in /usr/lib/postgresql/15/bin /usr/lib/postgresql/*/bin; do
    if [ -x "$candidate/initdb" ]; then echo "$candidate"; return; fi
  done
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
  echo "PostgreSQL's initdb was not found: install Debian's 'postgresql' package or set PG_BIN." >&2
  exit 1
}

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u "$user_name" -- "$@"
  else
    "$@"
  fi
}

start() {
  local bin
  bin="$(find_bin)"
  if [ "$(id -u)" = "0" ] && ! id "$user_name" >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin "$user_name"
  fi
  if [ -e "$dir/PG_VERSION" ]; then
    echo "A cluster already exists in $dir: stop it first." >&2
    exit 1
  fi
  mkdir -p "$dir"
  [ "$(id -u)" = "0" ] && chown "$user_name" "$dir"
  chmod 700 "$dir"
  as_owner "$bin/initdb" -D "$dir" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$dir.initdb.log" 2>&1 || {
    cat "$dir.initdb.log" >&2
    exit 1
  }
  # Local TCP, and the Unix socket in the cluster's folder (not /var/run/postgresql), which the
  # bench's instances use as instances on the database's own machine would.
  cat >"$dir/pg_hba.conf" <<'HBA'
host all all 127.0.0.1/32 trust
local all all trust
HBA
  # Throwaway data: no fsync, so the test suite's thousands of commits cost nothing on disk.
  as_owner "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" start >/dev/null
  as_owner "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -q -c "CREATE DATABASE tearoom TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8'" >/dev/null
  echo "postgres://postgres@127.0.0.1:$port/tearoom"
}

stop() {
  local bin
  bin="$(find_bin)"
  if [ -e "$dir/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null || true
  fi
  rm -rf "$dir" "$dir.initdb.log"
}

case "$command_name" in
  start) start ;;
  stop) stop ;;
  *)
    echo "Usage: $0 start|stop [dir] [port]" >&2
    exit 2
    ;;
esac
