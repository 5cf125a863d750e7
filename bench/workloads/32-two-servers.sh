# Two servers on one database (issue 33): the checkout workload of
# 30-checkout.sh spread over two serving processes on the same database, half
# the buyers on each, beside the one-server figure. On this machine's two
# cores the two servers and their drivers share the same CPUs, so the figure
# is about correctness under load (orders, errors, nothing delivered twice,
# every line delivered), not speed-up; the README's scale-out claim is that
# servers agree, and a bigger database host is where the speed comes from.
# Meant for PostgreSQL (BENCH_POSTGRES); on SQLite the two processes share
# one file's writer, which it shows as well. Sourced by bench/run.sh after
# 30-checkout.sh (it reuses checkout_sku and checkout_sql).
if [[ -n "${checkout_sku:-}" ]]; then
  second_port=$((BENCH_PORT + 1))
  UPLINK_DATABASE_URL="$DB_URL" UPLINK_LISTEN="127.0.0.1:$second_port" UPLINK_PUBLIC_URL="http://127.0.0.1:$second_port" \
    UPLINK_SEED_DEMO=false UPLINK_LOG="${BENCH_SERVER_LOG:-warn}" "$BIN" serve > "$BENCH_TMP/server-2.log" 2>&1 &
  second_pid=$!
  for _ in $(seq 1 300); do
    curl -fsS "http://127.0.0.1:$second_port/api/v1/products?page_size=12" >/dev/null 2>&1 && break
    kill -0 "$second_pid" 2>/dev/null || { cat "$BENCH_TMP/server-2.log"; exit 1; }
    sleep 0.05
  done
  checkout_sql "$restock_sql" >/dev/null
  half=$(( ${BENCH_CHECKOUT_BUYERS:-32} / 2 ))
  # shellcheck disable=SC2086
  "$CHECKOUT_DRIVER" 127.0.0.1 "$BENCH_PORT" "$half" "$secs" "$checkout_sku" $digital > "$BENCH_TMP/two-1.txt" &
  first_driver=$!
  # shellcheck disable=SC2086
  "$CHECKOUT_DRIVER" 127.0.0.1 "$second_port" "$half" "$secs" "$checkout_sku" $digital > "$BENCH_TMP/two-2.txt"
  wait "$first_driver"
  two_end=$(date +%s.%N)
  read -r ops1 _ p99_1 errs1 < "$BENCH_TMP/two-1.txt"
  read -r ops2 _ p99_2 errs2 < "$BENCH_TMP/two-2.txt"
  for _ in $(seq 1 600); do
    [[ "$(checkout_sql "$awaiting_sql")" == 0 ]] && break
    sleep 0.1
  done
  two_after=$(awk -v a="$two_end" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  two_left=$(checkout_sql "$awaiting_sql")
  twice=$(checkout_sql "SELECT COUNT(*) FROM (SELECT order_line_id, serial FROM licence_keys GROUP BY order_line_id, serial HAVING COUNT(*) > 1) d")
  two_ops=$(awk -v a="$ops1" -v b="$ops2" 'BEGIN {printf "%.0f", a + b}')
  two_errs=$((errs1 + errs2 + two_left + twice))
  two_p99=$(awk -v a="$p99_1" -v b="$p99_2" 'BEGIN {print (a > b) ? a : b}')
  printf 'two-servers  %s orders/s (%s + %s), p99 %s ms, %s errors; one server: %s orders/s; every line delivered %s s after the load (%s left), %s licence keys issued twice: %s\n' \
    "$two_ops" "$ops1" "$ops2" "$two_p99" "$((errs1 + errs2))" "${ops:-?}" "$two_after" "$two_left" "$twice" \
    "$(awk -v e="$two_errs" 'BEGIN {print (e == 0) ? "ok (bar: zero errors, nothing twice)" : "BELOW BAR"}')"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' two-servers "$two_ops" 0 "$two_p99" "$two_errs" 0 0 >> "$BENCH_RESULTS_TSV"
  kill "$second_pid" && wait "$second_pid" 2>/dev/null || true
else
  echo "two-servers  skipped (no checkout product)"
fi
