#!/usr/bin/env bash
# The OpenAPI document the API serves, generated from the routes' schemas without starting a
# server, linted with Redocly's recommended rules (redocly.yaml): any error fails.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
(cd apps/api && node --import tsx src/scripts/write-openapi.ts "$out/openapi.json")
REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true node_modules/.bin/redocly lint --config redocly.yaml "$out/openapi.json"
