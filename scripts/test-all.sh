#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine (pnpm, Debian's Chromium and sqlite3, the workspace)
# and runs every test: domain and API unit tests, component tests, typecheck, the API suite again
# on PostgreSQL (scripts/test-pg.sh installs PostgreSQL 15 when it is missing and runs a throwaway
# cluster), then end-to-end tests against the built server in headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v pnpm >/dev/null 2>&1; then
  npm install -g pnpm@10 >/dev/null 2>&1 || true
fi
PNPM="pnpm"
command -v pnpm >/dev/null 2>&1 || PNPM="npx -y pnpm@10"

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Chromium for the browser tests…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    echo "The browser tests need Chromium: install Debian's 'chromium' package or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

# The sqlite3 shell reads the live database from outside in the crash-safety tests, as an operator
# would (R41); without it those tests skip.
if ! command -v sqlite3 >/dev/null 2>&1 && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the sqlite3 shell for the outside-reader tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3) >/dev/null
fi

$PNPM install --frozen-lockfile
$PNPM run build
$PNPM run typecheck
$PNPM run lint
$PNPM run lint:deps
$PNPM run format:check
$PNPM run test
bash scripts/test-pg.sh
$PNPM run lint:openapi
$PNPM run test:e2e
