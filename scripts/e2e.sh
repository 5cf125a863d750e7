#!/usr/bin/env bash
# Starts the release server on a temporary SQLite database and runs the
# Playwright suite against it. Screenshots land in e2e/artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

work=$(mktemp -d)
port=${E2E_PORT:-18080}
export UPLINK_LISTEN="127.0.0.1:$port"
export UPLINK_PUBLIC_URL="http://127.0.0.1:$port"
export UPLINK_DATABASE_URL="sqlite://$work/uplink.db"
export UPLINK_ENVIRONMENT=e2e
# The checkout spec may fill carts directly while no cart API exists (e2e/tests/support/cart-seed.ts).
export E2E_DB_PATH="$work/uplink.db"

target/release/uplink serve >"$work/server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  mkdir -p "$root/e2e/artifacts" && cp "$work/server.log" "$root/e2e/artifacts/server.log" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log"; exit 1; }
  sleep 0.1
done

cd e2e
E2E_BASE_URL="http://127.0.0.1:$port" npx playwright test "$@"
