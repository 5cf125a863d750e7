# Mini-store listing and search (#28). Sourced by bench/run.sh with lib.sh
# loaded. Bar (QUALITY.md): the main store's ratio to /healthz — listing
# >= 50% with p99 <= 20 ms, search >= 30% with p99 <= 30 ms. The Northwind
# mini-store sells its own selection (about a tenth of the generated
# catalogue) at its own prices, chosen by its key as a visitor's link does.

ministore_key=nwn-7f3k9q

ministore_listing="$BENCH_TMP/ministore-listing.txt"
: > "$ministore_listing"
for c in routers access-points switches antennas accessories licences hardware; do
  for s in relevance price_asc name; do
    for page in 1 2; do
      echo "/api/v1/products?store=$ministore_key&category=$c&page_size=24&sort=$s&page=$page" >> "$ministore_listing"
    done
  done
done

ministore_search="$BENCH_TMP/ministore-search.txt"
: > "$ministore_search"
while IFS= read -r q; do
  [[ -z "$q" ]] && continue
  echo "/api/v1/search?store=$ministore_key&q=${q// /%20}&page_size=24" >> "$ministore_search"
done < "$BENCH_DIR/search-queries.txt"

workload ministore-listing 0.5 20 "$ministore_listing"
workload ministore-search 0.3 30 "$ministore_search"
