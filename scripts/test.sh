#!/usr/bin/env bash
# Runs every test: Rust (SQLite, then PostgreSQL), frontend, API fuzzing, end to end.
# Installs what is missing (npm packages, Chromium, PostgreSQL) first.
#
# Independent stages run side by side, in two tracks, so the machine's cores are
# busy while a stage waits on a database or a browser:
#   1. Rust lints, tests on SQLite, then PostgreSQL  |  frontend checks, frontend and release builds
#   2. API fuzzing (schemathesis, two roles at once) |  end-to-end tests (Playwright)
# The release build is its own cargo profile (its own lock), so it does not wait for the
# test binaries. Each track's output is kept and printed whole when it ends; any failure
# makes the run red after both tracks finished.
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

rust_lints_and_tests() {
  # Clippy here, not before both tracks: its cold minutes (8.5 in the last run) then overlap the
  # frontend checks and the release build instead of holding up everything.
  step "Rust lints"
  cargo clippy --workspace --all-targets --locked -- -D warnings
  step "Rust tests on SQLite"
  rust_tests --workspace
  step "Storage conformance and API tests on PostgreSQL"
  drop_test_databases
  # The whole workspace again (same feature set as above, so nothing recompiles);
  # crates without storage simply repeat their fast unit tests.
  UPLINK_TEST_DATABASE_URL="$PG_URL" rust_tests --workspace
}

frontend_checks_and_release_build() {
  step "Frontend lint, types and unit tests"
  (cd web && npm run lint && npm run typecheck && npm test)
  step "Release build"
  (cd web && npm run build)
  cargo build --release --locked -p uplink-server
}

api_fuzzing() {
  step "API fuzzing (schemathesis) against the release server"
  scripts/schemathesis.sh
}

end_to_end() {
  step "End-to-end tests against the release server"
  scripts/e2e.sh
}

step "Tools and services"
ensure_chromium
ensure_postgres
scripts/ensure-node-deps.sh web e2e

step "Rust format"
cargo fmt --all --check

side_by_side rust_lints_and_tests frontend_checks_and_release_build
side_by_side api_fuzzing end_to_end

step "Crash test: the server killed with SIGKILL during a checkout load"
python3 scripts/crash-checkout.py --binary target/release/uplink

step "Two servers on one PostgreSQL database: every paid line delivered exactly once"
python3 scripts/two-servers.py --binary target/release/uplink --pg-url "$PG_URL"
