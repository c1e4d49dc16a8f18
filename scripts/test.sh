#!/usr/bin/env bash
# Runs every test: Rust unit and integration tests (the real server over HTTP), the web app's
# unit tests, and the browser tests (Debian's Chromium through Playwright).
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"

echo "== web: install"
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

echo "== rust: build"
cargo build --workspace --all-targets

echo "== rust: tests"
cargo test --workspace --no-fail-fast

echo "== web: unit tests"
(cd web && npm test)

echo "== web: browser tests"
(cd web && SELLERDESK_API_BIN="$(cd .. && realpath "$target")/debug/api" npm run e2e)

echo "== all tests passed"
