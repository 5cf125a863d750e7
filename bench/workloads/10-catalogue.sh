# Catalogue workloads (issue 3). Sourced by bench/run.sh with lib.sh loaded.
# Bars (QUALITY.md): listing and detail >= 50% of /healthz with p99 <= 20 ms;
# search >= 30% with p99 <= 30 ms.

# Listing: category page 1, 24 items with facets, across categories and sorts.
listing_paths="$BENCH_TMP/listing.txt"
: > "$listing_paths"
for c in routers access-points switches antennas accessories hardware cloud esim; do
  for s in relevance price_asc name newest; do
    echo "/api/v1/products?category=$c&page_size=24&sort=$s" >> "$listing_paths"
  done
done

# Search: realistic queries, some with typos, rotating.
search_paths="$BENCH_TMP/search.txt"
: > "$search_paths"
while IFS= read -r q; do
  [[ -z "$q" ]] && continue
  echo "/api/v1/search?q=${q// /%20}&page_size=24" >> "$search_paths"
done < "$BENCH_DIR/search-queries.txt"

# Detail: product slugs taken from the listing itself.
detail_paths="$BENCH_TMP/detail.txt"
: > "$detail_paths"
for page in 1 2 3 4 5 6; do
  curl -fsS "$BENCH_BASE/api/v1/products?page_size=96&sort=newest&page=$page" \
    | sed 's/"total":.*//' | grep -o '"slug":"[^"]*"' | cut -d'"' -f4 \
    | sed 's|^|/api/v1/products/|' >> "$detail_paths"
done

workload listing 0.5 20 "$listing_paths"
workload search 0.3 30 "$search_paths"
workload detail 0.5 20 "$detail_paths"
