# A customer's order list and order pages (issue 34), signed in as the demo
# customer. Run it on an empty store and on one prefilled with 100,000 orders
# of other customers (BENCH_PREFILL_ORDERS=100000, SQLite): the p99 of both
# stays within 10 % of the empty store's, as checkout's orders/s does. Bar:
# p99 <= 50 ms at the usual connections.
op_jar="$BENCH_TMP/order-pages-cookies.txt"
if curl -fsS -c "$op_jar" -H 'content-type: application/json' \
    -d '{"email":"customer@uplink.test","password":"uplink-demo-1"}' "$BENCH_BASE/api/v1/auth/login" > /dev/null; then
  export BENCH_COOKIE="uplink_session=$(awk '$6 == "uplink_session" {print $7}' "$op_jar")"
  op_paths="$BENCH_TMP/order-pages.txt"
  {
    echo "/api/v1/orders"
    echo "/api/v1/orders?status=completed"
    echo "/api/v1/orders?q=UL"
  } > "$op_paths"
  workload order-list 0 50 "$op_paths" "$BENCH_DIR/lua/authed-rotate.lua"
  curl -fsS -b "$op_jar" "$BENCH_BASE/api/v1/orders?page_size=50" | grep -o '"number":"[^"]*"' | cut -d'"' -f4 \
    | sed 's|^|/api/v1/orders/|' > "$op_paths"
  if [[ -s "$op_paths" ]]; then
    workload order-page 0 50 "$op_paths" "$BENCH_DIR/lua/authed-rotate.lua"
  else
    echo "order-page   skipped (the demo customer has no orders)"
  fi
  unset BENCH_COOKIE
else
  echo "order-pages  skipped (no demo customer to sign in)"
fi
