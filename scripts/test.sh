#!/usr/bin/env bash
# Runs every test: Rust (SQLite, then PostgreSQL), frontend, API fuzzing, end to end.
# Installs what is missing (npm packages, Chromium, PostgreSQL) first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/services.sh

step() { printf '\n==> %s\n' "$*"; }

step "Tools and services"
ensure_chromium
ensure_postgres
scripts/ensure-node-deps.sh web e2e

step "Rust format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --locked -- -D warnings

step "Rust tests on SQLite"
rust_tests --workspace

step "Storage conformance and API tests on PostgreSQL"
drop_test_databases
# The whole workspace again (same feature set as above, so nothing recompiles);
# crates without storage simply repeat their fast unit tests.
UPLINK_TEST_DATABASE_URL="$PG_URL" rust_tests --workspace

step "Frontend lint, types and unit tests"
(cd web && npm run lint && npm run typecheck && npm test)

step "Release build"
(cd web && npm run build)
cargo build --release --locked -p uplink-server

step "API fuzzing (schemathesis) against the release server"
scripts/schemathesis.sh

step "End-to-end tests against the release server"
scripts/e2e.sh

step "Crash test: the server killed with SIGKILL during a checkout load"
python3 scripts/crash-checkout.py --binary target/release/uplink
