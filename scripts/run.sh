#!/usr/bin/env bash
# Runs Sellerdesk on this machine: builds what it must (the web app and the server), then
# starts the embedded server (SQLite, in-process queue and workers, demo data).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
  (cd web && npm ci --no-audit --no-fund)
fi
if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html -newer web/dist/index.html -print -quit)" ]; then
  (cd web && npm run build)
fi
cargo build --bin api --bin worker
exec "${CARGO_TARGET_DIR:-target}/debug/api" serve "$@"
