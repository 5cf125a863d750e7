# Quotations (issue 16): a business buyer reading their quotation list and
# each quotation's page (lines, totals, history, what they may do), signed
# in, at the bench's connections. The buyer asks for 20 quotations through
# the API first. No bar in QUALITY.md: reported (req/s, p50, p99, errors).
q_jar="$BENCH_TMP/quotations-cookies.txt"
q_email="bench-quotations-$(date +%s%N)@example.com"
q_sku=$(curl -fsS "$BENCH_BASE/api/v1/products?type=hardware&page_size=12" | grep -o '"sku":"[^"]*"' | head -1 | cut -d'"' -f4)
q_paths="$BENCH_TMP/quotation-paths.txt"
: > "$q_paths"
if [[ -n "$q_sku" ]] && curl -fsS -c "$q_jar" -H 'content-type: application/json' \
    -d "{\"email\":\"$q_email\",\"password\":\"bench-password-1\",\"name\":\"Bench Buyer\",\"country\":\"DE\"}" \
    "$BENCH_BASE/api/v1/auth/register" > /dev/null; then
  q_csrf=$(awk '$6 == "uplink_csrf" {print $7}' "$q_jar")
  q_session=$(awk '$6 == "uplink_session" {print $7}' "$q_jar")
  echo "/api/v1/quotations" >> "$q_paths"
  for i in $(seq 1 20); do
    curl -fsS -b "$q_jar" -H "x-csrf-token: $q_csrf" -H 'content-type: application/json' \
      -d "{\"lines\":[{\"sku\":\"$q_sku\",\"qty\":$((i + 1))}],\"note\":\"Bench request $i\"}" \
      "$BENCH_BASE/api/v1/quotations?store=global" \
      | python3 -c 'import json, sys; print("/api/v1/quotations/" + json.load(sys.stdin)["number"])' >> "$q_paths" || true
  done
  export BENCH_COOKIE="uplink_session=$q_session"
  workload quotations 0 0 "$q_paths" "$BENCH_DIR/lua/authed-rotate.lua"
  unset BENCH_COOKIE
else
  echo "quotations   skipped (no hardware product or no buyer)"
fi
