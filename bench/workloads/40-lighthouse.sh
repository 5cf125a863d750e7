# Lighthouse on the storefront (issue 14). Sourced by bench/run.sh with lib.sh loaded.
# Bars (QUALITY.md, issue 33): performance >= 95 desktop and mobile; accessibility and
# best practices >= 95; /mobile on mobile >= 95 (issue 30). Desktop and mobile,
# on /, /products, a product page, /cart and /mobile (signed in as the usage
# workload's customer with 12 months of devices, plans and eSIMs when that
# workload ran, else as a new customer), in Debian's Chromium against the bench's release
# server (the frontend it serves: web/dist, or UPLINK_WEB_DIR). LIGHTHOUSE_RUNS (3) runs per page, the
# median kept; LIGHTHOUSE_PRODUCT picks the product page (default: the first
# router of the listing, a demo product with gallery, tabs and variants).

command -v chromium >/dev/null || { apt-get update -qq && apt-get install -y -qq chromium; }
"$ROOT/scripts/ensure-node-deps.sh" "$BENCH_DIR/lighthouse" >/dev/null

lighthouse_product=${LIGHTHOUSE_PRODUCT:-$(curl -fsS "$BENCH_BASE/api/v1/products?category=routers&page_size=12&sort=relevance" \
  | grep -o '"slug":"[^"]*"' | head -n1 | cut -d'"' -f4)}
if [[ -z "$lighthouse_product" ]]; then
  echo "lighthouse: no product found in the bench catalogue" >&2
  exit 1
fi
curl -fsS -o /dev/null "$BENCH_BASE/api/v1/products/$lighthouse_product" \
  || { echo "lighthouse: /products/$lighthouse_product does not exist on the bench server" >&2; exit 1; }

# /mobile as the app's user sees it: the dashboard of a signed-in customer.
lighthouse_jar="$BENCH_TMP/usage-12m-cookies.txt"
if [[ ! -s "$lighthouse_jar" ]]; then
  lighthouse_jar="$BENCH_TMP/lighthouse-cookies.txt"
  curl -fsS -c "$lighthouse_jar" -H 'content-type: application/json' \
    -d "{\"email\":\"bench-lighthouse-$(date +%s%N)@example.com\",\"password\":\"bench-password-1\",\"name\":\"Bench Mobile\",\"country\":\"DE\"}" \
    "$BENCH_BASE/api/v1/auth/register" > /dev/null
fi
export LIGHTHOUSE_SIGNED_IN=/mobile
LIGHTHOUSE_COOKIE="uplink_session=$(awk '$6 == "uplink_session" {print $7}' "$lighthouse_jar")"
export LIGHTHOUSE_COOKIE

CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium} node "$BENCH_DIR/lighthouse/run.mjs" "$BENCH_BASE" \
  "$BENCH_TMP/lighthouse.json" / /products "/products/$lighthouse_product" /cart /mobile
