#!/usr/bin/env bash
# Runs every test: Rust unit tests; the integration tests (the real server over HTTP) on both
# stacks, SQLite + embedded queue + files under DATA_DIR, and PostgreSQL + Redis + worker
# processes + files in an S3 bucket (the sandbox's S3 stand-in, started by each test on
# loopback like the other stand-ins, its bucket created at start); the multi-process
# failure tests; the web app's unit tests; the browser tests (Debian's Chromium); and the
# benchmarks at their quick size, so the harness never rots (docs/benchmarks.md).
# Needs PostgreSQL, Redis and Chromium from Debian (.ci/run installs them).
set -euo pipefail
cd "$(dirname "$0")/.."

target="${CARGO_TARGET_DIR:-target}"

# Each step prints its duration, and the run ends with a table of them (docs/testing.md says
# where the time goes).
timings=()
step_name=""
step_start=0
step() {
  step_end
  step_name="$1"
  step_start=$SECONDS
  echo "== $1"
}
step_end() {
  if [ -n "$step_name" ]; then
    local took=$((SECONDS - step_start))
    echo "   ($step_name: ${took}s)"
    timings+=("$(printf '%5ss  %s' "$took" "$step_name")")
  fi
  step_name=""
}
summary() {
  step_end
  echo "== time per step"
  printf '%s\n' "${timings[@]}"
  echo "   total: ${SECONDS}s"
}

if [ -z "${TEST_POSTGRES_URL:-}" ] || [ -z "${TEST_REDIS_URL:-}" ]; then
  # shellcheck source=scripts/services.sh
  . scripts/services.sh start
  trap 'scripts/services.sh stop' EXIT
fi

step "web: install"
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules ]; then
  (cd web && npm ci --no-audit --no-fund)
fi

step "bench: install the BullMQ and Graphile Worker baselines"
for peer in bench/bullmq bench/graphile; do
  if [ ! -d "$peer/node_modules" ] || [ "$peer/package-lock.json" -nt "$peer/node_modules" ]; then
    (cd "$peer" && npm ci --no-audit --no-fund)
  fi
done

step "rust: format (cargo fmt --check)"
cargo fmt --all --check

step "rust: build"
cargo build --workspace --all-targets

step "rust: lint (clippy, warnings are errors)"
cargo clippy --workspace --all-targets -- -D warnings

step "rust: tests on both stacks at once: embedded (SQLite, in-process queue) and scaled (PostgreSQL, Redis, two worker processes, files in an S3 bucket)"
# Both runs are mostly waits for servers and jobs, so side by side they take about the time of
# the longer one. Each writes its own log, printed whole when both are done.
both_stacks() {
  local logs
  logs="$(mktemp -d)"
  (cargo test --workspace --no-fail-fast >"$logs/embedded.log" 2>&1; echo $? >"$logs/embedded.rc") &
  (TEST_STACK=scaled cargo test -p api --tests --no-fail-fast >"$logs/scaled.log" 2>&1; echo $? >"$logs/scaled.rc") &
  wait
  local failed=0
  for stack in embedded scaled; do
    echo "-- $stack stack"
    cat "$logs/$stack.log"
    if [ "$(cat "$logs/$stack.rc")" != 0 ]; then
      echo "!! the $stack stack's tests failed"
      failed=1
    fi
  done
  rm -rf "$logs"
  return "$failed"
}
both_stacks

step "rust: multi-process failure tests (workers killed, Redis restarted, PostgreSQL cut)"
cargo test -p api --test scaled --no-fail-fast -- --ignored

step "web: type check and lint (ESLint: import zones, TanStack Query rules, hooks)"
(cd web && npm run typecheck && npm run lint)

step "web: unit tests"
(cd web && npm test)

step "web: browser tests"
(cd web && SELLERDESK_API_BIN="$(cd .. && realpath "$target")/debug/api" npm run e2e)

step "bench: every scenario at its quick size (keeps the harness working; figures are not checked)"
# A debug build: the workspace is already built above, a release build would add minutes.
cargo run -q -p bench -- --quick

summary
echo "== all tests passed"
