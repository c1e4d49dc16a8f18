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

step "rust: build and lint (Clippy compiles our crates, warnings are errors)"
# Clippy's driver as the compiler of the workspace's own crates: one build both lints them and
# makes the binaries. `cargo clippy` would check every dependency once more in check mode
# (artefacts of its own, about 7 minutes on a cold 2-core machine). Dependencies are built by
# rustc as usual, so a later plain `cargo build` in the same directory reuses them.
RUSTC_WORKSPACE_WRAPPER="$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver)"
export RUSTC_WORKSPACE_WRAPPER
export CLIPPY_ARGS="-Dwarnings"
cargo build --workspace --all-targets

step "rust: tests on both stacks at once: embedded (SQLite, in-process queue) and scaled (PostgreSQL, Redis, two worker processes, files in an S3 bucket)"
# The test binaries the build above made (the workspace's features, so nothing is compiled
# again), run in three lanes at once, since they mostly wait for servers and jobs: the API's
# integration tests on the embedded stack, the same binary on the scaled stack, and every other
# binary (unit tests, the connectors' and jobs' tests) one after another. Within the integration
# binary RUST_TEST_THREADS tests run at a time on the embedded stack and RUST_TEST_THREADS_SCALED
# on the scaled one, each with its own server. Each lane writes its own log, printed whole when
# all are done.
rust_tests() {
  local logs
  logs="$(mktemp -d)"
  cargo test --workspace --no-run --message-format=json 2>/dev/null | node -e '
    let input = "";
    process.stdin.on("data", (d) => (input += d)).on("end", () => {
      for (const line of input.split("\n")) {
        if (!line.startsWith("{")) continue;
        const m = JSON.parse(line);
        if (m.reason !== "compiler-artifact" || !m.executable || !m.profile.test) continue;
        const dir = m.manifest_path.replace(/\/Cargo\.toml$/, "");
        console.log([dir, m.target.name, m.executable].join("\t"));
      }
    });' >"$logs/binaries"
  local integration
  integration="$(awk -F'\t' '$2 == "integration" { print $3 }' "$logs/binaries")"
  if [ -z "$integration" ]; then
    echo "!! no integration test binary in the build"
    return 1
  fi
  export RUST_TEST_THREADS="${RUST_TEST_THREADS:-2}"
  # A scaled test mostly waits (its own database created and migrated, two worker processes
  # started, jobs through Redis): at 2 at a time that lane ended minutes after the embedded one.
  local scaled_threads="${RUST_TEST_THREADS_SCALED:-3}"
  # `|| rc=$?`: under `set -e` a failing binary would end the lane's subshell before its code
  # is written.
  (
    rc=0
    cd api && "$integration" >"$logs/embedded.log" 2>&1 || rc=$?
    echo $rc >"$logs/embedded.rc"
  ) &
  (
    rc=0
    cd api && TEST_STACK=scaled RUST_TEST_THREADS="$scaled_threads" "$integration" >"$logs/scaled.log" 2>&1 || rc=$?
    echo $rc >"$logs/scaled.rc"
  ) &
  (
    rc=0
    while IFS=$'\t' read -r dir name bin; do
      [ "$name" = integration ] && continue
      echo "-- $name ($bin)"
      (cd "$dir" && "$bin") || rc=1
    done <"$logs/binaries"
    echo $rc >"$logs/other.rc"
  ) >"$logs/other.log" 2>&1 &
  wait
  local failed=0
  for lane in other embedded scaled; do
    echo "-- lane: $lane"
    cat "$logs/$lane.log"
    if [ "$(cat "$logs/$lane.rc" 2>/dev/null)" != 0 ]; then
      echo "!! the $lane lane's tests failed"
      failed=1
    fi
  done
  rm -rf "$logs"
  return "$failed"
}
rust_tests

step "rust: multi-process failure tests (workers killed, Redis restarted, PostgreSQL cut)"
cargo test -p api --test integration --no-fail-fast -- --ignored scaled::

step "web: type check and lint (ESLint: import zones, TanStack Query rules, hooks)"
(cd web && npm run typecheck && npm run lint)

step "web: unit tests"
(cd web && npm test)

step "web: browser tests"
(cd web && SELLERDESK_API_BIN="$(cd .. && realpath "$target")/debug/api" npm run e2e)

step "bench: every scenario at its quick size (keeps the harness working; figures are not checked)"
# The debug build made above: `cargo run -p bench` would resolve features for the bench alone
# and compile a dozen dependencies again.
"$target/debug/bench" --quick

summary
echo "== all tests passed"
