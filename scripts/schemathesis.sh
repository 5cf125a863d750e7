#!/usr/bin/env bash
# API fuzzing: schemathesis (PyPI, pinned) against the server's (UPLINK_BIN)
# /api/openapi.json, as a guest and as a signed-in customer side by side, with
# positive and negative data and the checks below. Any failure makes the run
# red. The server runs on a temporary SQLite database with the demo data and
# no SMTP URL (mail goes to the outbox table); it is stopped on exit.
#
# Reports: e2e/artifacts/schemathesis-{guest,customer}.{txt,xml} (text output,
# JUnit) and schemathesis-server.log. Reproduce a red run with the seed it
# prints: SCHEMATHESIS_SEED=<seed> scripts/schemathesis.sh. Extra arguments go
# to both `schemathesis run`s (e.g. --include-path-regex '^/api/v1/cart').
#
# Knobs: UPLINK_BIN (default target/release/uplink), SCHEMATHESIS_PORT (18090;
# e2e uses 18080-18083), SCHEMATHESIS_SEED, SCHEMATHESIS_MAX_EXAMPLES (per
# operation and phase), SCHEMATHESIS_TIME_LIMIT (seconds per role; reaching it
# is a failure, as the run was not finished; 1500 s: alone a role takes about
# 350-450 s, and in `make test` the two roles share the two cores; beside the
# end-to-end tests too, in CI, they ran past it).
set -euo pipefail
cd "$(dirname "$0")/.."

version=4.32.5
venv=.cache/schemathesis-venv
bin=${UPLINK_BIN:-target/release/uplink}
port=${SCHEMATHESIS_PORT:-18090}
seed=${SCHEMATHESIS_SEED:-20250912}
max_examples=${SCHEMATHESIS_MAX_EXAMPLES:-200}
time_limit=${SCHEMATHESIS_TIME_LIMIT:-1500}
checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,negative_data_rejection
artifacts=e2e/artifacts
origin="http://127.0.0.1:$port"

# The pinned schemathesis in its own virtualenv, (re)installed only when missing or another version.
if [[ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $version" ]]; then
  echo "installing schemathesis $version into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi

work=$(mktemp -d)
server_pid=
cleanup() {
  if [[ -n "$server_pid" ]]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  mkdir -p "$artifacts"
  cp "$work/server.log" "$artifacts/schemathesis-server.log" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# Only the variables below reach the server (no SMTP URL, SSO or provider
# settings from the caller's environment): token sign-in, built-in test
# payment gateway, demo data seeded into the empty database.
env -i PATH="$PATH" HOME="$work" \
  UPLINK_ENVIRONMENT=schemathesis \
  UPLINK_LOG_FORMAT=json \
  UPLINK_LISTEN="127.0.0.1:$port" \
  UPLINK_PUBLIC_URL="$origin" \
  UPLINK_DATABASE_URL="sqlite://$work/uplink.db" \
  "$bin" serve >"$work/server.log" 2>&1 &
server_pid=$!
for i in $(seq 1 150); do
  curl -fsS "$origin/healthz" >/dev/null 2>&1 && break
  if ! kill -0 "$server_pid" 2>/dev/null || [[ $i == 150 ]]; then
    echo "the server did not come up on $origin" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.1
done

# A fresh customer with a cookie session (SPEC §8): the `uplink_session`
# cookie plus the session's CSRF token, sent back as `X-CSRF-Token`.
password=$(python3 -c 'import secrets; print(secrets.token_hex(16))')
email="schemathesis-$(python3 -c 'import secrets; print(secrets.token_hex(4))')@example.com"
curl -fsS -D "$work/register.headers" -o "$work/register.json" \
  -H 'Content-Type: application/json' \
  --data "{\"email\":\"$email\",\"password\":\"$password\",\"name\":\"Schemathesis Customer\",\"country\":\"DE\",\"session\":\"cookie\"}" \
  "$origin/api/v1/auth/register"
csrf=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["csrf_token"])' "$work/register.json")
session=$(sed -n 's/^[Ss]et-[Cc]ookie: uplink_session=\([^;]*\);.*/\1/p' "$work/register.headers")
if [[ -z "$csrf" || -z "$session" ]]; then
  echo "registering the customer gave no session:" >&2
  cat "$work/register.headers" "$work/register.json" >&2
  exit 1
fi

# Nothing carries over from one run to the next: no crash cache replayed
# (schemathesis' `.schemathesis/`), no Hypothesis example database or storage.
printf '[cache]\nenabled = false\n' >"$work/schemathesis.toml"
export HYPOTHESIS_STORAGE_DIRECTORY="$work/hypothesis"

mkdir -p "$artifacts"
printf 'schemathesis %s, seed %s, %s examples per operation and phase, checks %s\n' \
  "$version" "$seed" "$max_examples" "$checks"
failed=()

# One role's run; its output goes to $artifacts/schemathesis-<name>.txt and its exit
# status to $work/<name>.status (the roles run side by side, see below).
run() { # name, then extra arguments for `schemathesis run`
  local name=$1 status=0
  shift
  local started=$SECONDS
  # One worker keeps the order of requests, so the seed reproduces the run.
  timeout --signal=INT --kill-after=30 "$time_limit" \
    "$venv/bin/schemathesis" --config-file "$work/schemathesis.toml" run "$origin/api/openapi.json" \
    --url "$origin" \
    --checks "$checks" \
    --mode all \
    --seed "$seed" \
    --max-examples "$max_examples" \
    --workers 1 \
    --generation-database none \
    --request-timeout 10 \
    --no-color \
    --report junit --report-junit-path "$artifacts/schemathesis-$name.xml" \
    "$@" >"$artifacts/schemathesis-$name.txt" 2>&1 || status=$?
  printf -- '--- %s: exit %s after %ss ---\n' "$name" "$status" "$((SECONDS - started))" >>"$artifacts/schemathesis-$name.txt"
  if [[ $status == 124 ]]; then
    echo "schemathesis as $name did not finish within ${time_limit}s" >>"$artifacts/schemathesis-$name.txt"
  fi
  echo "$status" >"$work/$name.status"
}

# The two roles run side by side against the one server: each is one
# single-threaded Python process, so one after the other left a core idle for
# the second half of the stage (the roles touch different carts and sessions).
run guest "$@" &
guest_pid=$!

# Signed in: logout would end the session mid-run, so it is left out. Deleting
# the account and changing the password or e-mail stay in: they need the
# account's password, which the generator cannot know, so they only ever
# answer 401/422 (checked below: the session is still alive afterwards).
run customer \
  -H "Cookie: uplink_session=$session; uplink_csrf=$csrf" \
  -H "X-CSRF-Token: $csrf" \
  --exclude-path /api/v1/auth/logout \
  "$@" &
customer_pid=$!
wait "$guest_pid" "$customer_pid" || true

for name in guest customer; do
  printf '\n--- schemathesis as %s (seed %s) ---\n' "$name" "$seed"
  cat "$artifacts/schemathesis-$name.txt"
  [[ "$(cat "$work/$name.status" 2>/dev/null)" == 0 ]] || failed+=("$name")
done

me=$(curl -sS -o /dev/null -w '%{http_code}' -H "Cookie: uplink_session=$session" "$origin/api/v1/me")
if [[ $me != 200 ]]; then
  echo "the customer's session did not survive the signed-in run (GET /api/v1/me answered $me)" >&2
  failed+=("customer session")
fi

if ((${#failed[@]})); then
  echo "schemathesis failed: ${failed[*]} (seed $seed; reports in $artifacts/schemathesis-*)" >&2
  exit 1
fi
echo "schemathesis: no failures (seed $seed)"
