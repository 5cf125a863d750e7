# Shared helpers for bench/run.sh and bench/workloads/*.sh.
#
# A workload file calls:
#   workload NAME BAR_RATIO BAR_P99_MS URL_OR_PATHFILE [LUA_SCRIPT]
# - URL_OR_PATHFILE: a path such as /api/v1/products?… (fixed request), or a
#   file of paths (one per line) that bench/lua/rotate.lua cycles through;
# - LUA_SCRIPT: a custom wrk script (e.g. POSTs for cart/checkout) instead.
# BAR_RATIO is the minimum share of /healthz req/s (0 = no bar), BAR_P99_MS the
# maximum p99 (0 = no bar). Results are appended to $BENCH_RESULTS_TSV.

BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# wrk prints latencies like 812.00us, 1.23ms, 2.01s → milliseconds.
to_ms() {
  awk -v v="$1" 'BEGIN {
    n = v + 0
    if (v ~ /us$/) n = n / 1000
    else if (v ~ /ms$/) n = n
    else if (v ~ /s$/) n = n * 1000
    printf "%.2f", n
  }'
}

run_wrk() { # name, target, [lua]
  local name=$1 target=$2 lua=${3:-} out
  local args=(-t"$BENCH_THREADS" -c"$BENCH_CONNECTIONS" -d"$BENCH_DURATION" --latency --timeout 5s)
  if [[ -n "$lua" ]]; then
    out=$(wrk "${args[@]}" -s "$lua" "$BENCH_BASE" -- "$target" 2>&1)
  elif [[ -f "$target" ]]; then
    out=$(wrk "${args[@]}" -s "$BENCH_DIR/lua/rotate.lua" "$BENCH_BASE" -- "$target" 2>&1)
  else
    out=$(wrk "${args[@]}" "$BENCH_BASE$target" 2>&1)
  fi
  echo "$out" > "$BENCH_TMP/wrk-$name.txt"
  local rps p50 p99 errors non2xx
  rps=$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")
  p50=$(to_ms "$(awk '$1 == "50%" {print $2}' <<<"$out")")
  p99=$(to_ms "$(awk '$1 == "99%" {print $2}' <<<"$out")")
  errors=$(awk '/Socket errors:/ {gsub(",", ""); print $4 + $6 + $8 + $10}' <<<"$out")
  non2xx=$(awk '/Non-2xx or 3xx responses:/ {print $5}' <<<"$out")
  errors=$(( ${errors:-0} + ${non2xx:-0} ))
  echo "${rps:-0} ${p50:-0} ${p99:-0} $errors"
}

workload() { # name, bar_ratio, bar_p99_ms, target, [lua]
  local name=$1 bar_ratio=$2 bar_p99=$3 target=$4 lua=${5:-}
  local rps p50 p99 errors
  read -r rps p50 p99 errors < <(run_wrk "$name" "$target" "$lua")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$rps" "$p50" "$p99" "$errors" "$bar_ratio" "$bar_p99" >> "$BENCH_RESULTS_TSV"
  report_line "$name" "$rps" "$p50" "$p99" "$errors" "$bar_ratio" "$bar_p99"
  memory_line
}

# The server's memory after a workload, so a rise in the peak names its workload.
memory_line() {
  [[ -n "${SERVER_PID:-}" && -r "/proc/$SERVER_PID/status" ]] || return 0
  awk '/^VmRSS/ {r = $2} /^VmHWM/ {h = $2} END {printf "             server RSS %.0f MB now, %.0f MB peak so far\n", r / 1024, h / 1024}' \
    "/proc/$SERVER_PID/status"
}

report_line() {
  local name=$1 rps=$2 p50=$3 p99=$4 errors=$5 bar_ratio=$6 bar_p99=$7
  awk -v n="$name" -v r="$rps" -v a="$p50" -v b="$p99" -v e="$errors" -v base="${BENCH_HEALTHZ_RPS:-$rps}" \
      -v br="$bar_ratio" -v bp="$bar_p99" 'BEGIN {
    ratio = (base > 0) ? r / base : 0
    verdict = "ok"
    if ((br > 0 && ratio < br) || (bp > 0 && b > bp) || e > 0) verdict = "BELOW BAR"
    bars = ""
    if (br > 0) bars = sprintf(" (bar >= %d%%", br * 100)
    if (bp > 0) bars = bars sprintf("%s p99 <= %d ms", (bars == "" ? " (bar" : ","), bp)
    if (bars != "") bars = bars ")"
    printf "%-12s %9.0f req/s  p50 %7.2f ms  p99 %7.2f ms  errors %-5d ratio %5.1f%%  %s%s\n", n, r, a, b, e, ratio * 100, verdict, bars
  }'
}
