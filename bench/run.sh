#!/usr/bin/env bash
# Performance benchmark (QUALITY.md → Performance). Builds the release server,
# fills a temporary SQLite database with `uplink seed-bench --products N`,
# serves it on loopback and loads it with wrk (64 connections by default):
# /healthz first as the baseline, then every bench/workloads/*.sh in order.
# Prints one line per workload (req/s, p50, p99, errors, ratio to /healthz),
# the server's RSS, the gzip size of the home page's first-load JavaScript,
# and writes bench/results.json.
#
# Environment: BENCH_PORT (18120), BENCH_PRODUCTS (10000), BENCH_DURATION (10s),
# BENCH_CONNECTIONS (64), BENCH_THREADS (2), BENCH_SKIP_BUILD=1 to reuse
# target/release/uplink; BENCH_BIN=PATH serves another build (an A/B in one
# sitting). BENCH_SERVER_LOG=info (default warn) sets the server's
# log level and BENCH_KEEP_LOG=FILE keeps its log there (e.g. the catalogue
# rebuild timings).
#
# BENCH_POSTGRES=postgres://user@host:port runs the same on PostgreSQL: a fresh
# database uplink_bench_<pid> is created there and dropped afterwards.
#
# BENCH_PREFILL_ORDERS=100000 starts the store with that many orders (SQLite).
#
# BENCH_WORKLOADS=10-\* runs only the matching workloads (e.g. the catalogue).
# 40-lighthouse runs Lighthouse (desktop and mobile) on /, /products, a product
# page and /cart in Debian's Chromium and adds its scores under "lighthouse".
# To add workloads (cart, checkout …) drop a file into bench/workloads/ that
# calls `workload NAME BAR_RATIO BAR_P99_MS PATHS_FILE_OR_URL [LUA]` (see lib.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
export BENCH_PORT=${BENCH_PORT:-18120}
export BENCH_PRODUCTS=${BENCH_PRODUCTS:-10000}
export BENCH_DURATION=${BENCH_DURATION:-10s}
export BENCH_CONNECTIONS=${BENCH_CONNECTIONS:-64}
export BENCH_THREADS=${BENCH_THREADS:-2}
export BENCH_BASE="http://127.0.0.1:$BENCH_PORT"
source "$ROOT/bench/lib.sh"

if ! command -v wrk >/dev/null; then
  echo "bench: installing wrk (Debian package)"
  apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk; }
fi
command -v curl >/dev/null || { apt-get update -qq && apt-get install -y -qq curl; }

if [[ "${BENCH_SKIP_BUILD:-0}" != 1 ]]; then
  cargo build --release --locked -p uplink-server
fi
BIN="${BENCH_BIN:-$ROOT/target/release/uplink}"
export CHECKOUT_DRIVER="$ROOT/target/release/checkout-driver"
# Only the workloads that drive checkouts need the driver (BENCH_WORKLOADS may leave them out).
# shellcheck disable=SC2086
if grep -qs CHECKOUT_DRIVER "$ROOT"/bench/workloads/${BENCH_WORKLOADS:-*}.sh \
  && [[ "${BENCH_SKIP_BUILD:-0}" != 1 || ! -x "$CHECKOUT_DRIVER" ]]; then
  cargo build --release --locked -p uplink-checkout-driver
fi

export BENCH_TMP
BENCH_TMP=$(mktemp -d)
export BENCH_RESULTS_TSV="$BENCH_TMP/results.tsv"
: > "$BENCH_RESULTS_TSV"
SERVER_PID=""
BENCH_PG_DB=""
cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" && wait "$SERVER_PID" 2>/dev/null || true
  fi
  if [[ -n "$BENCH_PG_DB" ]]; then
    psql -q "$BENCH_POSTGRES/postgres" -c "DROP DATABASE IF EXISTS $BENCH_PG_DB" >/dev/null 2>&1 || true
  fi
  if [[ -n "${BENCH_KEEP_LOG:-}" && -f "$BENCH_TMP/server.log" ]]; then cp "$BENCH_TMP/server.log" "$BENCH_KEEP_LOG"; fi
  rm -rf "$BENCH_TMP"
}
trap cleanup EXIT

if [[ -n "${BENCH_POSTGRES:-}" ]]; then
  BENCH_POSTGRES=${BENCH_POSTGRES%/}
  BENCH_PG_DB="uplink_bench_$$"
  psql -q "$BENCH_POSTGRES/postgres" -c "CREATE DATABASE $BENCH_PG_DB" >/dev/null
  export DB_URL="$BENCH_POSTGRES/$BENCH_PG_DB"
else
  export DB_URL="sqlite://$BENCH_TMP/bench.db"
fi
seed_started=$(date +%s.%N)
UPLINK_LOG=warn "$BIN" seed-bench --products "$BENCH_PRODUCTS" --database-url "$DB_URL"
seed_s=$(awk -v a="$seed_started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
# BENCH_PREFILL_ORDERS=N: the store starts with N orders of 5,000 other
# customers (SQLite), to compare checkout and the order pages with an empty
# store's (issue 34). 15-backoffice then uses them instead of filling its own.
if [[ -n "${BENCH_PREFILL_ORDERS:-}" ]]; then
  if [[ "$DB_URL" != sqlite://* ]]; then
    echo "bench: BENCH_PREFILL_ORDERS fills SQLite files only" >&2
    exit 2
  fi
  read -r prefilled _ < <(python3 "$ROOT/bench/admin-orders/fill.py" "${DB_URL#sqlite://}" "$BENCH_PREFILL_ORDERS")
  echo "bench: the store starts with $prefilled orders"
fi

start_ms=$(date +%s%3N)
# The public address is the one the load and the browser use (error reports are sent there; CSP: 'self').
UPLINK_DATABASE_URL="$DB_URL" UPLINK_LISTEN="127.0.0.1:$BENCH_PORT" UPLINK_PUBLIC_URL="$BENCH_BASE" UPLINK_SEED_DEMO=false \
  UPLINK_LOG="${BENCH_SERVER_LOG:-warn}" "$BIN" serve > "$BENCH_TMP/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 300); do
  curl -fsS "$BENCH_BASE/api/v1/products?page_size=12" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$BENCH_TMP/server.log"; exit 1; }
  sleep 0.05
done
ready_ms=$(( $(date +%s%3N) - start_ms ))
idle_rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$SERVER_PID/status")

echo "bench: ${DB_URL%%:*}, $BENCH_PRODUCTS products (seeded in ${seed_s}s), server ready in ${ready_ms} ms, wrk -c$BENCH_CONNECTIONS -t$BENCH_THREADS -d$BENCH_DURATION"
read -r hz_rps hz_p50 hz_p99 hz_err < <(run_wrk healthz /healthz)
export BENCH_HEALTHZ_RPS=$hz_rps
printf 'healthz\t%s\t%s\t%s\t%s\t0\t0\n' "$hz_rps" "$hz_p50" "$hz_p99" "$hz_err" >> "$BENCH_RESULTS_TSV"
report_line healthz "$hz_rps" "$hz_p50" "$hz_p99" "$hz_err" 0 0

for f in "$ROOT"/bench/workloads/${BENCH_WORKLOADS:-*}.sh; do
  # shellcheck source=/dev/null
  source "$f"
done

rss_kb=$(awk '/^VmRSS/ {print $2}' "/proc/$SERVER_PID/status")
peak_kb=$(awk '/^VmHWM/ {print $2}' "/proc/$SERVER_PID/status")
rss_verdict=$(awk -v k="$peak_kb" 'BEGIN {print (k / 1024 <= 150) ? "ok" : "BELOW BAR"}')
printf 'server RSS   %.1f MB idle, %.1f MB after load, %.1f MB peak  %s (bar <= 150 MB)\n' \
  "$(awk -v k="$idle_rss_kb" 'BEGIN {print k / 1024}')" "$(awk -v k="$rss_kb" 'BEGIN {print k / 1024}')" \
  "$(awk -v k="$peak_kb" 'BEGIN {print k / 1024}')" "$rss_verdict"

# First-load JavaScript of `/`: the entry script and its modulepreloads, as the server sends them
# (the precompressed brotli files; issue 33: bar <= 110 KB), and gzip -9 beside it for comparison
# with earlier figures. Lighthouse (40-lighthouse.sh) measures what `/` transfers until idle.
js_bar_kb=110
js_kb=null
js_br_kb=null
if [[ -f "$ROOT/web/dist/index.html" ]]; then
  total=0
  total_br=0
  for src in $(grep -oE '(src|href)="/assets/[^"]+\.js"' "$ROOT/web/dist/index.html" | cut -d'"' -f2 | sort -u); do
    total=$(( total + $(gzip -9 -c "$ROOT/web/dist$src" | wc -c) ))
    # What the server sends a browser that accepts brotli: the precompressed .br (small files have none).
    if [[ -f "$ROOT/web/dist$src.br" ]]; then br="$ROOT/web/dist$src.br"; else br="$ROOT/web/dist$src"; fi
    total_br=$(( total_br + $(wc -c < "$br") ))
  done
  js_kb=$(awk -v b="$total" 'BEGIN {printf "%.1f", b / 1024}')
  js_br_kb=$(awk -v b="$total_br" 'BEGIN {printf "%.1f", b / 1024}')
  printf 'first-load JS of / as sent (brotli)  %s KB  %s (bar <= %s KB); gzip -9 %s KB\n' "$js_br_kb" \
    "$(awk -v k="$js_br_kb" -v bar="$js_bar_kb" 'BEGIN {print (k <= bar) ? "ok" : "BELOW BAR"}')" "$js_bar_kb" "$js_kb"
else
  echo "first-load JS of /: web/dist not built (run make build to measure)"
fi
# JavaScript /mobile loads until idle (issue 30: bar <= 120 KB gzip), from web/dist's module graph.
if [[ -f "$ROOT/web/dist/index.html" ]]; then
  node "$BENCH_DIR/mobile-weight.mjs" "$ROOT/web/dist" | tail -n1 || true
fi

{
  printf '{\n  "database": "%s",\n  "date": "%s",\n  "products": %s,\n  "connections": %s,\n  "threads": %s,\n  "duration": "%s",\n' \
    "${DB_URL%%:*}" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$BENCH_PRODUCTS" "$BENCH_CONNECTIONS" "$BENCH_THREADS" "$BENCH_DURATION"
  printf '  "machine": {"cpus": %s, "kernel": "%s"},\n' "$(nproc)" "$(uname -r)"
  printf '  "seed_seconds": %s,\n  "server_ready_ms": %s,\n' "$seed_s" "$ready_ms"
  printf '  "workloads": [\n'
  awk -F'\t' -v base="$hz_rps" 'BEGIN {first = 1} {
    ratio = (base > 0) ? $2 / base : 0
    ok = ($5 == 0 && ($6 == 0 || ratio >= $6) && ($7 == 0 || $4 <= $7)) ? "true" : "false"
    printf "%s    {\"name\": \"%s\", \"rps\": %.0f, \"p50_ms\": %s, \"p99_ms\": %s, \"errors\": %d, \"ratio_to_healthz\": %.3f, \"bar_ratio\": %s, \"bar_p99_ms\": %s, \"meets_bar\": %s}", (first ? "" : ",\n"), $1, $2, $3, $4, $5, ratio, $6, $7, ok
    first = 0
  } END {print ""}' "$BENCH_RESULTS_TSV"
  printf '  ],\n'
  # Lighthouse scores per page and form factor (bench/workloads/40-lighthouse.sh), when it ran.
  printf '  "lighthouse": %s,\n' "$(if [[ -s "$BENCH_TMP/lighthouse.json" ]]; then cat "$BENCH_TMP/lighthouse.json"; else echo null; fi)"
  printf '  "rss_mb": {"idle": %.1f, "after_load": %.1f, "peak": %.1f, "bar": 150},\n' \
    "$(awk -v k="$idle_rss_kb" 'BEGIN {print k / 1024}')" "$(awk -v k="$rss_kb" 'BEGIN {print k / 1024}')" "$(awk -v k="$peak_kb" 'BEGIN {print k / 1024}')"
  printf '  "first_load_js_gzip_kb": %s,\n  "first_load_js_br_kb": %s,\n  "first_load_js_bar_kb": %s\n}\n' "$js_kb" "$js_br_kb" "$js_bar_kb"
} > "$ROOT/bench/results.json"
echo "bench: wrote bench/results.json"
