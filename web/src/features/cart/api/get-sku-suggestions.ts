import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api/client';

/** SKU completions for a quick-order row (the catalogue's prefix suggestions). */
export function getSkuSuggestions(q: string, signal?: AbortSignal) {
  return unwrap(api.GET('/api/v1/search/suggest', { params: { query: { q } }, signal }));
}

export function skuSuggestionsOptions(q: string) {
  return queryOptions({
    queryKey: ['quick-order', 'sku-suggestions', q],
    queryFn: ({ signal }) => getSkuSuggestions(q, signal),
    enabled: q.trim().length >= 2,
    staleTime: 60_000,
  });
}

export function useSkuSuggestions(q: string) {
  return useQuery(skuSuggestionsOptions(q));
}
