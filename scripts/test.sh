#!/usr/bin/env bash
# Runs every test: Rust (SQLite, then PostgreSQL), frontend, API fuzzing, end to end.
# Installs what is missing (npm packages, Chromium, PostgreSQL) first.
#
# The compiling stages run side by side, in two tracks, so the machine's cores are busy
# while a stage waits on a database; the browser and fuzzing stages, busy on their own, follow:
#   1. Rust tests (and lints) on SQLite, then PostgreSQL  |  frontend checks and build
#   2. end-to-end tests (Playwright), then API fuzzing (schemathesis, two roles at once)
# The servers that stage 2 and the crash tests start are the `uplink` binary the Rust test build
# already made (target/debug, the same code as `make build` in the dev profile): a release build
# here cost a third of the run's compiling (18-20 cold minutes of the 2 cores) and tested nothing
# more. Clippy lints the workspace's crates while the test build compiles them (see
# `rust_tests_sqlite_then_postgres`). Each stage's output is kept and printed whole when it ends;
# any failure makes the run red, after the stages that can still run have run.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/services.sh

step() { printf '\n==> %s\n' "$*"; }
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Runs each named function in the background with its output in a log, prints every log in
# order once all have ended, and fails when any did.
side_by_side() {
  local names=("$@") pids=() failed=() start=$SECONDS
  for name in "${names[@]}"; do
    ( set -euo pipefail; "$name" ) >"$logs/$name.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!names[@]}"; do
    wait "${pids[$i]}" || failed+=("${names[$i]}")
  done
  for name in "${names[@]}"; do
    step "$name (side by side with: ${names[*]})"
    cat "$logs/$name.log"
  done
  printf '\n(%s took %d s together)\n' "${names[*]}" $((SECONDS - start))
  if ((${#failed[@]})); then
    printf '\nFAILED: %s\n' "${failed[*]}" >&2
    return 1
  fi
}

# Every Rust build here starts cold in CI: incremental compilation only adds the cost of writing
# its caches (a developer's own `cargo` runs keep theirs).
export CARGO_INCREMENTAL=0

# The server binary the stages after the Rust tests start (built by the test build, see above).
export UPLINK_BIN=target/debug/uplink

rust_tests_sqlite_then_postgres() {
  # Clippy is the compiler of the workspace's own crates in this build, as `cargo clippy` makes
  # it for its check (the same two variables), with every warning an error: a lint fails the
  # build. A `cargo clippy` of its own type-checked every dependency a second time, 14 of the
  # stage's core-minutes (D119); `make lint` still runs it.
  RUSTC_WORKSPACE_WRAPPER=$(rustup which clippy-driver 2>/dev/null || command -v clippy-driver) ||
    { echo "clippy-driver is missing: rustup component add clippy" >&2; exit 1; }
  export RUSTC_WORKSPACE_WRAPPER
  export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
  step "Rust tests and lints on SQLite"
  rust_tests --workspace
  step "Storage conformance and API tests on PostgreSQL"
  drop_test_databases
  # The whole workspace again (same feature set as above, so nothing recompiles);
  # crates without storage simply repeat their fast unit tests.
  UPLINK_TEST_DATABASE_URL="$PG_URL" rust_tests --workspace
  # The test build made it (the server crate's integration tests run it); `cargo build` would
  # compile the API crate again for its narrower feature set, minutes for nothing.
  test -x "$UPLINK_BIN" || { echo "the test build left no $UPLINK_BIN" >&2; exit 1; }
}

frontend_checks_and_build() {
  step "Frontend lint, types and unit tests"
  (cd web && npm run lint && npm run typecheck && npm test)
  step "End-to-end suite's types"
  (cd e2e && npm run typecheck)
  step "Frontend build"
  (cd web && npm run build)
}

api_fuzzing() {
  step "API fuzzing (schemathesis) against the server"
  scripts/schemathesis.sh
}

end_to_end() {
  step "End-to-end tests against the server"
  scripts/e2e.sh
}

step "Tools and services"
ensure_chromium
ensure_postgres
scripts/ensure-node-deps.sh web e2e

step "Rust format"
cargo fmt --all --check

side_by_side rust_tests_sqlite_then_postgres frontend_checks_and_build
# One after the other: both keep the 2 cores busy, and side by side in CI the fuzzer ran
# past its time limit while long browser flows ran past theirs (CI, 2026-11-28 and 29). A failure
# in one still lets the other run; the run is red at the end.
later_failure=0
side_by_side end_to_end || later_failure=1
side_by_side api_fuzzing || later_failure=1

step "Crash test: the server killed with SIGKILL during a checkout load"
python3 scripts/crash-checkout.py --binary "$UPLINK_BIN"

step "Two servers on one PostgreSQL database: every paid line delivered exactly once"
python3 scripts/two-servers.py --binary "$UPLINK_BIN" --pg-url "$PG_URL"

exit "$later_failure"
