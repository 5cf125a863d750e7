# The back-office's order desk and audit log (issue 32). Sourced by
# bench/run.sh with lib.sh loaded. Bars: the staff order list (filtered,
# sorted pages) and the audit log with 100,000 orders (and as many audit
# entries): p99 <= 50 ms at 16 connections. SQLite only (the fill writes the
# bench file directly).
if [[ "$DB_URL" != sqlite://* ]]; then
  echo "backoffice   skipped: the 100,000-order fill writes SQLite files only"
else
  bo_orders=${BENCH_ORDERS:-100000}
  read -r bo_total bo_entries < <(python3 "$BENCH_DIR/admin-orders/fill.py" "${DB_URL#sqlite://}" "$bo_orders")
  echo "backoffice   $bo_total orders, $bo_entries audit entries in the database"
  bo_email="bench-bo-$(date +%s%N)@example.com"
  UPLINK_DATABASE_URL="$DB_URL" UPLINK_LOG=warn "$BIN" admin create --email "$bo_email" --password bench-admin-password-1 > /dev/null
  bo_jar="$BENCH_TMP/bo-cookies.txt"
  curl -fsS -c "$bo_jar" -H 'content-type: application/json' \
    -d "{\"email\":\"$bo_email\",\"password\":\"bench-admin-password-1\"}" "$BENCH_BASE/api/v1/auth/login" > /dev/null
  bo_session=$(awk '$6 == "uplink_session" {print $7}' "$bo_jar")
  bo_paths="$BENCH_TMP/backoffice.txt"
  : > "$bo_paths"
  for status in "" processing shipped completed; do
    echo "/api/v1/staff/orders?status=$status" >> "$bo_paths"
    echo "/api/v1/staff/orders?status=$status&store=us&payment_method=card" >> "$bo_paths"
    echo "/api/v1/staff/orders?status=$status&before=2026-01-15T00:00:00Z" >> "$bo_paths"
  done
  echo "/api/v1/staff/orders?customer=buyer42@bench.example" >> "$bo_paths"
  echo "/api/v1/staff/orders?sku=MAX-BR1-MINI&limit=20" >> "$bo_paths"
  echo "/api/v1/staff/orders?from=2025-06-01&to=2025-06-30" >> "$bo_paths"
  echo "/api/v1/staff/orders?q=UL-B0042000" >> "$bo_paths"
  audit_paths="$BENCH_TMP/audit-log.txt"
  : > "$audit_paths"
  for action in "" order.ship product.update order.refund; do
    echo "/api/v1/admin/audit-log?action=$action" >> "$audit_paths"
    echo "/api/v1/admin/audit-log?action=$action&before=50000" >> "$audit_paths"
  done
  echo "/api/v1/admin/audit-log?actor=staff3@bench.example" >> "$audit_paths"
  echo "/api/v1/admin/audit-log?resource_type=order&resource_id=UL-B0042000" >> "$audit_paths"
  echo "/api/v1/admin/audit-log?from=2025-06-01&to=2025-06-30" >> "$audit_paths"
  export BENCH_COOKIE="uplink_session=$bo_session"
  bo_saved_connections=$BENCH_CONNECTIONS
  BENCH_CONNECTIONS=16
  workload admin-orders 0 50 "$bo_paths" "$BENCH_DIR/lua/authed-rotate.lua"
  workload audit-log 0 50 "$audit_paths" "$BENCH_DIR/lua/authed-rotate.lua"
  BENCH_CONNECTIONS=$bo_saved_connections
  unset BENCH_COOKIE
fi
