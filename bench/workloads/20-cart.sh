# Cart workload (issue 5): add to cart + read cart on guest carts. Sourced by
# bench/run.sh with lib.sh loaded. Bar (QUALITY.md): >= 2,000 req/s on SQLite
# with no errors (an absolute bar, so BAR_RATIO is 0 and the line is checked
# against 2,000 req/s below).

# SKUs of plain in-stock hardware (more than 5 units: a cart cycle adds at most 5).
cart_skus="$BENCH_TMP/cart-skus.txt"
: > "$cart_skus"
for page in 1 2 3 4; do
  curl -fsS "$BENCH_BASE/api/v1/products?type=hardware&in_stock=true&page_size=96&page=$page" \
    | python3 -c 'import json, sys
for p in json.load(sys.stdin)["items"]:
    if not p["price_from"] and p["stock_status"] == "in_stock" and p["purchasable"]:
        print(p["sku"])' >> "$cart_skus" || true
done
if [[ ! -s "$cart_skus" ]]; then
  echo "cart: no plain in-stock hardware found; skipping" >&2
else
  workload cart 0 0 "$cart_skus" "$BENCH_DIR/lua/cart.lua"
  cart_rps=$(awk -F'\t' '$1 == "cart" {print $2}' "$BENCH_RESULTS_TSV" | tail -1)
  case "$DB_URL" in
    sqlite://*) printf 'cart         bar >= 2000 req/s on SQLite: %s\n' \
      "$(awk -v r="${cart_rps:-0}" 'BEGIN {print (r >= 2000) ? "ok" : "BELOW BAR"}')" ;;
    *) echo "cart         (reported; the 2000 req/s bar is for SQLite)" ;;
  esac
fi
