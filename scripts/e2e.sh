#!/usr/bin/env bash
# Starts the server (UPLINK_BIN: `make test` passes the test build's
# target/debug/uplink; the default is the release build) on a temporary SQLite
# database and runs the Playwright suite against it. Screenshots land in e2e/artifacts/.
#
# Besides the main server (E2E_PORT, default 18080) it starts, for the accounts
# tests, a real SMTP server (Python aiosmtpd, E2E_PORT+3) that the main server
# delivers to, a real OpenID Connect provider (npm oidc-provider, E2E_PORT+2) and
# a second server in keycloak mode (E2E_PORT+1) signing in through it. Set
# E2E_EXTRAS=0 to start only the main server. Everything started here is
# stopped on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

work=$(mktemp -d)
bin=${UPLINK_BIN:-target/release/uplink} # another build (e.g. target/debug/uplink) while iterating
port=${E2E_PORT:-18080}
keycloak_port=$((port + 1))
oidc_port=$((port + 2))
smtp_port=$((port + 3))
extras=${E2E_EXTRAS:-1}
pids=()

cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  mkdir -p "$root/e2e/artifacts"
  cp "$work/server.log" "$root/e2e/artifacts/server.log" 2>/dev/null || true
  cp "$work/server-keycloak.log" "$root/e2e/artifacts/server-keycloak.log" 2>/dev/null || true
  cp "$work/oidc.log" "$root/e2e/artifacts/oidc.log" 2>/dev/null || true
  cp "$work/smtp.log" "$root/e2e/artifacts/smtp.log" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

wait_for() { # url pid log
  for _ in $(seq 1 150); do
    curl -fsS "$1" >/dev/null 2>&1 && return 0
    kill -0 "$2" 2>/dev/null || { cat "$3"; exit 1; }
    sleep 0.1
  done
  echo "timed out waiting for $1" >&2
  cat "$3"
  exit 1
}

# The checkout spec seeds some carts straight into this database (e2e/tests/support/cart-seed.ts);
# specs that move a clock run the server's jobs with the same binary (`uplink jobs run …`).
export E2E_DB_PATH="$work/uplink.db"
export UPLINK_BIN="$(realpath "$bin")" # absolute: Playwright runs in e2e/

common_env=(
  UPLINK_ENVIRONMENT=e2e
  # The accounts tests give each browser its own client address (X-Forwarded-For),
  # so sign-in limits per IP (D24) in one test do not spill into another.
  UPLINK_TRUST_PROXY=true
)

if [ "$extras" = "1" ]; then
  # Real SMTP server: every message becomes a file in $E2E_MAIL_DIR.
  if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
    python3 -m pip install --quiet --disable-pip-version-check aiosmtpd >/dev/null
  fi
  export E2E_MAIL_DIR="$work/mail"
  mkdir -p "$E2E_MAIL_DIR"
  python3 e2e/servers/smtp-sink.py "$smtp_port" "$E2E_MAIL_DIR" >"$work/smtp.log" 2>&1 &
  pids+=($!)
  common_env+=(UPLINK_SMTP_URL="smtp://127.0.0.1:$smtp_port" UPLINK_MAIL_FROM="Uplink <shop@uplink.test>")

  # Real OpenID Connect provider for the keycloak-mode server.
  (cd e2e && exec node servers/oidc-provider.mjs "$oidc_port" "http://127.0.0.1:$keycloak_port") >"$work/oidc.log" 2>&1 &
  pids+=($!)
  wait_for "http://127.0.0.1:$oidc_port/.well-known/openid-configuration" "${pids[-1]}" "$work/oidc.log"
  for _ in $(seq 1 50); do
    (exec 3<>"/dev/tcp/127.0.0.1/$smtp_port") 2>/dev/null && break
    sleep 0.1
  done

  env "${common_env[@]}" \
    UPLINK_LISTEN="127.0.0.1:$keycloak_port" \
    UPLINK_PUBLIC_URL="http://127.0.0.1:$keycloak_port" \
    UPLINK_DATABASE_URL="sqlite://$work/uplink-keycloak.db" \
    UPLINK_AUTH_MODE=keycloak \
    UPLINK_OIDC_ISSUER="http://127.0.0.1:$oidc_port" \
    UPLINK_OIDC_CLIENT_ID=uplink-e2e \
    "$bin" serve >"$work/server-keycloak.log" 2>&1 &
  pids+=($!)
  wait_for "http://127.0.0.1:$keycloak_port/healthz" "${pids[-1]}" "$work/server-keycloak.log"
  export E2E_KEYCLOAK_URL="http://127.0.0.1:$keycloak_port"
fi

env "${common_env[@]}" \
  UPLINK_LISTEN="127.0.0.1:$port" \
  UPLINK_PUBLIC_URL="http://127.0.0.1:$port" \
  UPLINK_DATABASE_URL="sqlite://$work/uplink.db" \
  "$bin" serve >"$work/server.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$port/healthz" "${pids[-1]}" "$work/server.log"

cd e2e
E2E_BASE_URL="http://127.0.0.1:$port" npx playwright test "$@"
